import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData, useNavigate } from '@remix-run/react';
import { useFlowMachine } from '~/components/flows/use-flow-machine';
import { useEffect, useMemo, useRef } from 'react';
import { resultsFrameMachine } from '~/machines/results-frame.machine';
import { requireUser } from '~/services/accounts/auth.server';
import { getEnv } from '~/services/platform/env.server';
import { siteOrigin } from '~/services/platform/site-origin.server';

export const meta: MetaFunction = () => [{ title: 'Results — Paceline' }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireUser(request, context);
  const url = new URL(request.url);
  const eventId = url.searchParams.get('eventId') || null;
  const dayId = url.searchParams.get('dayId') || null;
  // RESULTS_URL, or Paceline's own board served by this app (DESIGN.md §5).
  const base = new URL(getEnv().RESULTS_URL ?? '/results-board', siteOrigin());
  const frame = new URL(base);
  if (eventId || dayId) frame.pathname = `${base.pathname.replace(/\/$/, '')}/v2/complete-result`;
  if (eventId) frame.searchParams.set('eventId', eventId);
  if (dayId) frame.searchParams.set('dayId', dayId);
  return { eventId, dayId, frameSrc: frame.toString(), frameOrigin: frame.origin };
}

export default function RaceResultsPage() {
  const { eventId, dayId, frameSrc, frameOrigin } = useLoaderData<typeof loader>();
  const navigate = useNavigate();
  const frameRef = useRef<HTMLIFrameElement>(null);
  const machine = useMemo(
    () => resultsFrameMachine.provide({ actions: { navigate: ({ context }) => context.target && navigate(context.target) } }),
    [navigate],
  );
  const [state, send] = useFlowMachine(machine, { input: { frameOrigin, eventId, dayId } });

  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      // Only the frame we embed may steer this page; its origin is checked by the machine.
      if (event.source !== frameRef.current?.contentWindow) return;
      send({ type: 'FRAME_MESSAGE', origin: event.origin, data: event.data });
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [send]);
  useEffect(() => send({ type: 'LOCATION_CHANGED', eventId, dayId }), [send, eventId, dayId]);

  // While the machine is navigating, the frame still shows the old view: say the new one is coming.
  const navigating = state.matches('navigating');
  return (
    <section className="race-results" aria-busy={navigating}>
      <h1>Race results</h1>
      <p role="status" className="form-status">
        {navigating ? 'Opening the results you chose…' : ''}
      </p>
      <iframe ref={frameRef} title="Race results" src={frameSrc} className="race-results-frame" />
    </section>
  );
}

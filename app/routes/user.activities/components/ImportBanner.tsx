import { Form } from '@remix-run/react';
import { apiJson } from '~/lib/api-client';
import { useFlowMachine } from '~/components/flows/use-flow-machine';
import { useEffect } from 'react';
import { fromPromise } from 'xstate';
import { importStatusBannerMachine, type ImportStatus } from '~/machines/import-status-banner.machine';
import { ImportWizard } from './ImportWizard';
import { Button } from '~/components/ui/Button';

export const BANNER_TEXT = {
  submitted: 'Our team is reviewing your application, we will get back to you soon!',
  approved: 'Congratulations!, your data has been imported successfully',
  rejected: 'Sorry! Your application has been declined due to inaccurate information provided. Please try import with correct details.',
} as const;

async function markSeen() {
  const body = new FormData();
  body.set('intent', 'seen');
  await apiJson('/user/activities', { method: 'POST', body });
}

// Built once per process: provide() builds the whole state-node tree, which would otherwise cost every server render.
const bannerMachine = importStatusBannerMachine.provide({ actors: { markSeen: fromPromise(markSeen) } });

/** Spec 2 §4 "Import status": none, submitted, approved (Got It until seen), rejected (re-import). */
export function ImportBanner({ status }: { status: ImportStatus }) {
  const [snapshot, send] = useFlowMachine(bannerMachine);
  useEffect(() => send({ type: 'STATUS_LOADED', status }), [send, status]);
  // Before hydration the server's status is what shows; the Got It form then works without JS.
  const state = snapshot.matches('loading')
    ? status
    : snapshot.matches('markingSeen')
      ? 'approved'
      : snapshot.matches('wizardOpen')
        ? 'wizardOpen'
        : (snapshot.value as ImportStatus);
  return (
    <>
      {state === 'none' || state === 'wizardOpen' ? (
        <section className="import-banner card" aria-label="Import from other platforms" data-state="none">
          <p>Ridden elsewhere before? Bring your time, distance and elevation from other platforms.</p>
          <Button onClick={() => send({ type: 'IMPORT' })}>Import</Button>
        </section>
      ) : null}
      {state === 'submitted' ? (
        <section className="import-banner card" aria-label="Import from other platforms" data-state="submitted">
          <p>{BANNER_TEXT.submitted}</p>
        </section>
      ) : null}
      {state === 'approved' ? (
        <section className="import-banner import-banner-approved card" aria-label="Import from other platforms" data-state="approved">
          <Form
            method="post"
            className="import-banner-row"
            onSubmit={(event) => {
              event.preventDefault();
              send({ type: 'GOT_IT' });
            }}
          >
            <p>{BANNER_TEXT.approved}</p>
            <input type="hidden" name="intent" value="seen" />
            <Button type="submit" pending={snapshot.matches('markingSeen')}>
              Got It
            </Button>
          </Form>
        </section>
      ) : null}
      {state === 'rejected' ? (
        <section className="import-banner import-banner-rejected card" aria-label="Import from other platforms" data-state="rejected">
          <p>{BANNER_TEXT.rejected}</p>
          <Button onClick={() => send({ type: 'IMPORT' })}>Re-import</Button>
        </section>
      ) : null}
      {snapshot.matches('wizardOpen') ? (
        <ImportWizard
          onClose={() => {
            send({ type: 'WIZARD_CLOSED' });
            window.location.reload();
          }}
        />
      ) : null}
    </>
  );
}

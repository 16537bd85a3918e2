import { randomBytes } from 'node:crypto';
import type { ActionFunctionArgs } from '@remix-run/node';
import { createEvent } from '~/services/events/events.server';
import { assertTestMode } from '~/services/platform/test-mode.server';
import { SEED_EVENT_NAMES, seedEvents } from '~/services/seed/events-data';

const STEPS = ['identification', 'device', 'team', 'otp'] as const;

/**
 * POST /e2e/event steps=identification,device,team,otp full=true|false — test mode only: a new
 * event like the demo Desert Classic (not featured) whose wizard asks for those steps; `full`
 * leaves it no place, so the server refuses every registration with the room-full message.
 * The generated paths register for these instead of the demo events other tests read. Answers { id }.
 */
export async function action({ request }: ActionFunctionArgs) {
  assertTestMode();
  const form = await request.formData();
  const steps = form.get('steps');
  const asked = (typeof steps === 'string' ? steps : '').split(',').filter(Boolean);
  const unknown = asked.filter((step) => !(STEPS as readonly string[]).includes(step));
  if (unknown.length > 0) return new Response(`Unknown steps: ${unknown.join(', ')}; steps are ${STEPS.join(', ')}`, { status: 400 });
  const full = form.get('full') === 'true';
  const template = seedEvents().find((event) => event.name === SEED_EVENT_NAMES.desertClassic);
  if (!template) throw new Error('The demo events have no Desert Classic');
  const id = await createEvent({
    ...template,
    name: `Paths race (${asked.join(', ') || 'no extra steps'}${full ? ', full' : ''}) ${randomBytes(3).toString('hex')}`,
    eventType: 'all',
    prizeMoney: null,
    capacity: full ? 0 : 100,
    ...Object.fromEntries(STEPS.map((step) => [step, asked.includes(step)])),
  });
  return Response.json({ id });
}

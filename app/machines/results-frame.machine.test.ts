import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { resultsFrameMachine } from './results-frame.machine';

const origin = 'http://localhost:3000';

function start(eventId: string | null, dayId: string | null) {
  const visited: string[] = [];
  const machine = resultsFrameMachine.provide({ actions: { navigate: ({ context }) => void visited.push(context.target ?? '') } });
  const actor = createActor(machine, { input: { frameOrigin: origin, eventId, dayId } }).start();
  const message = (data: unknown, from = origin) => actor.send({ type: 'FRAME_MESSAGE', origin: from, data });
  return { actor, visited, message };
}

describe('results frame machine', () => {
  it('goes to event and day for a series event with another day', () => {
    const { visited, message } = start('4', '1');
    message({ type: 'pacelineEvent', eventType: 'series', eventId: 4, dayId: 2 });
    expect(visited).toEqual(['/race-results?eventId=4&dayId=2']);
  });

  it('goes to the event for a single event with another event, and to plain results for events', () => {
    const single = start('4', null);
    single.message({ type: 'pacelineEvent', eventType: 'single', eventId: 5 });
    expect(single.visited).toEqual(['/race-results?eventId=5']);
    const events = start('4', '2');
    events.message({ type: 'pacelineEvent', eventType: 'events' });
    expect(events.visited).toEqual(['/race-results']);
  });

  it('ignores other origins, other message types and the view already shown', () => {
    const { visited, message, actor } = start('4', '2');
    message({ type: 'pacelineEvent', eventType: 'events' }, 'https://evil.example');
    message({ type: 'somethingElse', eventType: 'events' });
    message({ type: 'pacelineEvent', eventType: 'series', eventId: 4, dayId: 2 });
    message({ type: 'pacelineEvent', eventType: 'single', eventId: 4 });
    expect(visited).toEqual([]);
    expect(actor.getSnapshot().value).toBe('showing');
  });

  it('is ready again once the page shows the new view', () => {
    const { actor, message, visited } = start(null, null);
    message({ type: 'pacelineEvent', eventType: 'single', eventId: 7 });
    expect(actor.getSnapshot().value).toBe('navigating');
    actor.send({ type: 'LOCATION_CHANGED', eventId: '7', dayId: null });
    expect(actor.getSnapshot().value).toBe('showing');
    message({ type: 'pacelineEvent', eventType: 'single', eventId: 7 });
    expect(visited).toEqual(['/race-results?eventId=7']);
  });
});

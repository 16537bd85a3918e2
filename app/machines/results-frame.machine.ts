import { assertEvent, assign, setup } from 'xstate';

/**
 * The results page's frame (spec 3 §2 "Results page"): messages of type pacelineEvent from
 * the frame's own origin navigate the page — a series event with another event or day to
 * results with eventId and dayId, a single event with another event to eventId, the events
 * type to plain results. Anything else is ignored.
 */
const RESULTS_MESSAGE_TYPE = 'pacelineEvent';

export interface ResultsLocation {
  eventId: string | null;
  dayId: string | null;
}

export interface ResultsFrameContext extends ResultsLocation {
  frameOrigin: string;
  /** The results path to go to, set when a message asks for another view. */
  target: string | null;
}

export type FrameMessageEvent = { type: 'FRAME_MESSAGE'; origin: string; data: unknown };

interface PacelineMessage {
  type: typeof RESULTS_MESSAGE_TYPE;
  eventType?: 'series' | 'single' | 'events';
  eventId?: string | number;
  dayId?: string | number;
}

function pacelineMessage(context: ResultsFrameContext, event: FrameMessageEvent): PacelineMessage | null {
  if (event.origin !== context.frameOrigin) return null;
  const data = event.data as Partial<PacelineMessage> | null;
  if (!data || typeof data !== 'object' || data.type !== RESULTS_MESSAGE_TYPE) return null;
  return data as PacelineMessage;
}

const text = (value: string | number | undefined) => (value === undefined || value === null || value === '' ? null : String(value));

function resultsPath(eventId: string | null, dayId: string | null): string {
  const query = new URLSearchParams();
  if (eventId) query.set('eventId', eventId);
  if (dayId) query.set('dayId', dayId);
  const search = query.toString();
  return search ? `/race-results?${search}` : '/race-results';
}

export const resultsFrameMachine = setup({
  types: {
    context: {} as ResultsFrameContext,
    input: {} as ResultsLocation & { frameOrigin: string },
    events: {} as FrameMessageEvent | ({ type: 'LOCATION_CHANGED' } & ResultsLocation),
  },
  guards: {
    isSeriesWithOtherEventOrDay: ({ context, event }) => {
      assertEvent(event, 'FRAME_MESSAGE');
      const message = pacelineMessage(context, event);
      if (message?.eventType !== 'series' || !text(message.eventId)) return false;
      return text(message.eventId) !== context.eventId || text(message.dayId) !== context.dayId;
    },
    isSingleWithOtherEvent: ({ context, event }) => {
      assertEvent(event, 'FRAME_MESSAGE');
      const message = pacelineMessage(context, event);
      return message?.eventType === 'single' && text(message.eventId) !== null && text(message.eventId) !== context.eventId;
    },
    isEventsType: ({ context, event }) => {
      assertEvent(event, 'FRAME_MESSAGE');
      const message = pacelineMessage(context, event);
      return message?.eventType === 'events' && (context.eventId !== null || context.dayId !== null);
    },
  },
  actions: {
    targetEventAndDay: assign(({ context, event }) => {
      assertEvent(event, 'FRAME_MESSAGE');
      const message = pacelineMessage(context, event);
      return { target: resultsPath(text(message?.eventId), text(message?.dayId)) };
    }),
    targetEvent: assign(({ context, event }) => {
      assertEvent(event, 'FRAME_MESSAGE');
      return { target: resultsPath(text(pacelineMessage(context, event)?.eventId), null) };
    }),
    targetPlainResults: assign({ target: resultsPath(null, null) }),
    /** The page supplies the real navigation (Remix navigate) through provide(). */
    navigate: () => {},
    rememberLocation: assign(({ event }) => {
      assertEvent(event, 'LOCATION_CHANGED');
      return { eventId: event.eventId, dayId: event.dayId, target: null };
    }),
  },
}).createMachine({
  id: 'resultsFrame',
  context: ({ input }) => ({ ...input, target: null }),
  initial: 'showing',
  states: {
    showing: {
      on: {
        FRAME_MESSAGE: [
          { guard: 'isSeriesWithOtherEventOrDay', target: 'navigating', actions: 'targetEventAndDay' },
          { guard: 'isSingleWithOtherEvent', target: 'navigating', actions: 'targetEvent' },
          { guard: 'isEventsType', target: 'navigating', actions: 'targetPlainResults' },
        ],
        LOCATION_CHANGED: { actions: 'rememberLocation' },
      },
    },
    navigating: {
      entry: 'navigate',
      on: { LOCATION_CHANGED: { target: 'showing', actions: 'rememberLocation' } },
    },
  },
});

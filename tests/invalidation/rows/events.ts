import { db } from '~/db/client.server';
import { registrations } from '~/db/schema';
import { post } from '../pages';
import { page, type WriteRow } from '../world';

/** Rows of the writes → pages table: events, registrations and teams. */

const eventPage = page((world) => `/event/detail/${world.eventId}`, 'visitor');

export const EVENT_ROWS: WriteRow[] = [
  {
    name: "a new team shows in the public list and in the founder's teams",
    route: 'my-teams',
    write: ({ people }) => post('/my-teams', 'writer', people, { intent: 'create', name: `Aaa net ${Date.now()}`, description: 'From the safety net' }),
    shows: [page('/teams', 'visitor'), page('/my-teams?tab=mine', 'writer')],
  },
  {
    name: "joining a team shows in the joiner's teams and the team's member count",
    route: 'my-teams',
    write: ({ people, teamId }) => post('/my-teams', 'writer', people, { intent: 'join', teamId: String(teamId) }),
    shows: [page('/my-teams', 'writer'), page('/teams', 'visitor')],
  },
  {
    name: 'an event edited by staff shows in the list and on its page',
    route: 'staff.events_.$id',
    write: ({ people, eventId }) =>
      post(`/staff/events/${eventId}`, 'staff', people, {
        name: `Renamed by the net ${Date.now()}`,
        date: '2031-04-02',
        time: '18:00',
        capacity: '25',
        distanceKm: '40',
        eventType: 'all',
        accept: 'on',
      }),
    shows: [page('/events', 'visitor'), eventPage],
  },
  {
    name: "a staff decision on a registration shows in the rider's events list",
    route: 'staff.registrations',
    prepare: async ({ people, eventId }) => {
      const [row] = await db()
        .insert(registrations)
        .values({
          eventId,
          userId: people.writer.id,
          firstName: 'Wanda',
          lastName: 'Writer',
          email: people.writer.email,
          gender: 2,
          dob: '1990-05-01',
          country: 246,
          category: 'A',
          wkg: 3.5,
          heightCm: 175,
          weightKg: 70,
          ftp: 245,
          status: 'pending',
        })
        .returning({ id: registrations.id });
      return { registrationId: String(row.id) };
    },
    write: ({ people }, { registrationId }) => post('/staff/registrations', 'staff', people, { registrationId, decision: 'approved' }),
    shows: [page('/events', 'writer')],
  },
  {
    name: "a registration through the event wizard (its one multipart post) shows in the rider's events list",
    route: 'event.$id',
    write: ({ people, eventId }) =>
      post(`/event/${eventId}`, 'writer', people, {
        disclaimer: 'on',
        firstName: 'Wanda',
        lastName: 'Writer',
        email: people.writer.email,
        gender: '1',
        height: '175',
        weight: '70',
        ftp: '245',
      }),
    shows: [page('/events', 'writer')],
    watches: [eventPage, page('/events', 'visitor')],
  },
];

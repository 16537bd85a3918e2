import { genderMessage, ROOM_FULL_MESSAGE } from '~/lib/events/categories';
import { STATUS_MESSAGES, VISITOR_MESSAGE } from '~/lib/events/messages';
import type { RegistrationStatus } from '~/services/events/events.server';
import { ButtonLink } from '~/components/ui/Button';
import { SiteLink } from '~/components/ui/SiteLink';
import { plain } from '~/lib/plain-components';

/** What a rider can do about one event (spec 3 §4 ustatus, §2 "Re Join", §1 visitors). */
export interface StatusView {
  id: number;
  accept: boolean;
  gender: number;
  eligible: boolean;
  ustatus: RegistrationStatus;
  participants: { booked: number; capacity: number };
}

export function isFull(event: Pick<StatusView, 'participants'>): boolean {
  return event.participants.booked >= event.participants.capacity;
}

export const EventStatus = plain(function eventStatus({ event, signedIn, joinLabel = 'Join' }: { event: StatusView; signedIn: boolean; joinLabel?: string }) {
  if (!signedIn) {
    return (
      <p className="event-status event-status-visitor">
        <SiteLink to={`/auth/login?${new URLSearchParams({ redirect: `/event/${event.id}` })}`}>{VISITOR_MESSAGE}</SiteLink>
      </p>
    );
  }
  if (event.ustatus === 'pending') return <p className="event-status event-status-pending">{STATUS_MESSAGES.pending}</p>;
  if (event.ustatus === 'approved') return <p className="event-status event-status-approved">{STATUS_MESSAGES.approved}</p>;
  if (!event.accept) return <p className="event-status event-status-closed">{STATUS_MESSAGES.closed}</p>;
  if (!event.eligible) return <p className="event-status event-status-closed">{genderMessage(event.gender)}</p>;
  if (isFull(event)) return <p className="event-status event-status-closed">{ROOM_FULL_MESSAGE}</p>;
  if (event.ustatus === 'declined') {
    return (
      <div className="event-status event-status-declined">
        <p>{STATUS_MESSAGES.declined}</p>
        <ButtonLink to={`/event/${event.id}`}>Re Join</ButtonLink>
      </div>
    );
  }
  return <ButtonLink to={`/event/${event.id}`}>{joinLabel}</ButtonLink>;
});

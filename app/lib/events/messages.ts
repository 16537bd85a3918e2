/** What an event's page and the wizard's thank-you page say about a rider's place (spec 3 §4 ustatus, §1 visitors). */
export const VISITOR_MESSAGE = 'Login or create an account to register for this event.';
export const NO_TEAMS_MESSAGE = 'No teams available at the moment.';
export const STATUS_MESSAGES = {
  pending: 'Your registration is in process. You will receive a confirmation email soon.',
  approved: 'Congratulations! Your registration for this event is approved.',
  declined: 'Sorry, your registration for this event was declined.',
  closed: 'Registration for this event has been closed.',
} as const;

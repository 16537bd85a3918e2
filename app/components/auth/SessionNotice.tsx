import { SESSION_OFFLINE_MESSAGE } from '~/lib/account-messages';
import type { SessionWatchState } from './use-session-watch';

/** The session machine's `networkDown` screen: the rider stays signed in and is told the check will be tried again. */
export function SessionNotice({ session }: { session: SessionWatchState }) {
  if (session !== 'networkDown') return null;
  return (
    <p className="session-notice" role="status">
      {SESSION_OFFLINE_MESSAGE}
    </p>
  );
}

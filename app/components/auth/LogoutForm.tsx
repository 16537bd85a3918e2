import { Form, useLocation } from '@remix-run/react';
import type { ReactNode } from 'react';
import { Button, type ButtonVariant } from '~/components/ui/Button';
import { LOGOUT_ACTION, LOGOUT_FROM_FIELD } from '~/lib/logout';
import { useSessionWatchContext } from './use-session-watch';

/**
 * Every Log Out button (the account menu's, the profile's Logout tab, the confirmation page):
 * a plain form posting the page it sits on, so it works before and without JavaScript. Once the
 * session machine runs, the press goes to it instead (decision 180) and the button reads
 * 'Logging out…' until the page leaves.
 * `from`: the page to come back to; the current one when left out, none (login) when null.
 */
export function LogoutForm({ label, from, variant, children }: { label: string; from?: string | null; variant?: ButtonVariant; children?: ReactNode }) {
  const location = useLocation();
  const { state, logOut } = useSessionWatchContext();
  const page = from === undefined ? `${location.pathname}${location.search}` : from;
  const leaving = state === 'signingOut' || state === 'signedOut';
  return (
    <Form
      method="post"
      action={LOGOUT_ACTION}
      onSubmit={(event) => {
        if (!logOut) return;
        event.preventDefault();
        logOut(page ?? '');
      }}
    >
      {page === null ? null : <input type="hidden" name={LOGOUT_FROM_FIELD} value={page} />}
      <Button type="submit" variant={variant} pending={leaving}>
        {leaving ? 'Logging out…' : label}
      </Button>
      {children}
    </Form>
  );
}

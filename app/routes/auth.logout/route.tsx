import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { redirect } from '@remix-run/node';
import { LogoutForm } from '~/components/auth/LogoutForm';
import { ButtonLink } from '~/components/ui/Button';
import { getOptionalUser, logOutFrom } from '~/services/accounts/auth.server';

export const meta: MetaFunction = () => [{ title: 'Log out · Paceline' }];

// Every Log Out form posts here without JavaScript; only a same-origin POST gets this far (server.mjs screens the origin, issue 15 item 10).
export async function action({ request }: ActionFunctionArgs) {
  const { to, headers } = await logOutFrom(request);
  return redirect(to, { headers });
}

// The confirmation asked of a logout link that did not come from Paceline itself (decision 180): a GET changes nothing.
export async function loader({ request, context }: LoaderFunctionArgs) {
  if (!(await getOptionalUser(request, context))) throw redirect('/');
  return null;
}

export default function LogoutPage() {
  return (
    <section className="auth-page">
      <h1>Log out</h1>
      <p>Do you want to log out of Paceline on this browser?</p>
      <LogoutForm label="Log out" from={null}>
        {' '}
        <ButtonLink variant="secondary" to="/user/profile">
          Stay signed in
        </ButtonLink>
      </LogoutForm>
    </section>
  );
}

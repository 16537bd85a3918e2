import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { redirect } from '@remix-run/node';
import { Form } from '@remix-run/react';
import { Button, ButtonLink } from '~/components/ui/Button';
import { getOptionalUser, logout } from '~/services/accounts/auth.server';

export const meta: MetaFunction = () => [{ title: 'Log out · Paceline' }];

// Only a same-origin POST signs out (server.mjs screens the origin, issue 15 item 10).
export async function action({ request }: ActionFunctionArgs) {
  return redirect('/auth/login', { headers: await logout(request) });
}

// A GET (a link, the spec's /auth/login?action=logout) only asks: it changes nothing.
export async function loader({ request, context }: LoaderFunctionArgs) {
  if (!(await getOptionalUser(request, context))) throw redirect('/');
  return null;
}

export default function LogoutPage() {
  return (
    <section className="auth-page">
      <h1>Log out</h1>
      <p>Do you want to log out of Paceline on this browser?</p>
      <Form method="post" action="/auth/logout">
        <Button type="submit">Log out</Button>{' '}
        <ButtonLink variant="secondary" to="/user/profile">
          Stay signed in
        </ButtonLink>
      </Form>
    </section>
  );
}

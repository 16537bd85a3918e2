import type { ActionFunctionArgs } from '@remix-run/node';
import { redirect } from '@remix-run/node';
import { logout } from '~/services/auth.server';

export async function action({ request }: ActionFunctionArgs) {
  return redirect('/auth/login', { headers: await logout(request) });
}

export function loader() {
  return redirect('/');
}

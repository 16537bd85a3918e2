import type { ActionFunctionArgs, MetaFunction } from '@remix-run/node';
import { LinkRoutePage } from '~/components/auth/LinkVerificationPage';
import { linkPageAction } from '~/services/accounts/link-page.server';

export { linkPageLoader as loader } from '~/services/accounts/link-page.server';

export const meta: MetaFunction = () => [{ title: 'Verify your account · Paceline' }];

export const action = (args: ActionFunctionArgs) => linkPageAction(args, 'verify-user');

export default function Page() {
  return <LinkRoutePage kind="verify-user" title="Verify your account" />;
}

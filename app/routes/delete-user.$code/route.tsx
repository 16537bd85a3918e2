import type { ActionFunctionArgs, MetaFunction } from '@remix-run/node';
import { LinkRoutePage } from '~/components/auth/LinkVerificationPage';
import { linkPageAction } from '~/services/accounts/link-page.server';

export { linkPageLoader as loader } from '~/services/accounts/link-page.server';

export const meta: MetaFunction = () => [{ title: 'Delete account · Paceline' }];

export const action = (args: ActionFunctionArgs) => linkPageAction(args, 'delete-user');

export default function DeleteUserPage() {
  return <LinkRoutePage kind="delete-user" title="Delete account" />;
}

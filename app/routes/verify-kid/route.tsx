import type { ActionFunctionArgs, MetaFunction } from '@remix-run/node';
import { LinkRoutePage } from '~/components/auth/LinkVerificationPage';
import { linkPageAction } from '~/services/accounts/link-page.server';

export { linkPageLoader as loader } from '~/services/accounts/link-page.server';

export const meta: MetaFunction = () => [{ title: "Approve your child's account · Paceline" }];

export const action = (args: ActionFunctionArgs) => linkPageAction(args, 'verify-kid');

export default function Page() {
  return <LinkRoutePage kind="verify-kid" title="Approve your child's account" />;
}

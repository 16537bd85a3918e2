import type { ActionFunctionArgs, MetaFunction } from '@remix-run/node';
import { LinkRoutePage } from '~/components/auth/LinkVerificationPage';
import { linkPageAction } from '~/services/accounts/link-page.server';

export { linkPageLoader as loader } from '~/services/accounts/link-page.server';

export const meta: MetaFunction = () => [{ title: 'Copy of a child’s data · Paceline' }];

// The parent's link for a child's copy of their data (decision 128): posted like the other links.
export const action = (args: ActionFunctionArgs) => linkPageAction(args, 'export-data');

export default function ConfirmExportPage() {
  return <LinkRoutePage kind="export-data" title="Copy of a child’s data" />;
}

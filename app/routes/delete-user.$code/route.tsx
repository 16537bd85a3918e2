import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { LinkVerificationPage } from '~/components/auth/LinkVerificationPage';
import { linkPageAction } from '~/services/accounts/link-page.server';

export const meta: MetaFunction = () => [{ title: 'Delete account · Paceline' }];

export function loader({ params }: LoaderFunctionArgs) {
  return { token: params.code ?? '' };
}

export function action({ request, params }: ActionFunctionArgs) {
  return linkPageAction(request, 'delete-user', params.code ?? '');
}

export default function DeleteUserPage() {
  const { token } = useLoaderData<typeof loader>();
  return <LinkVerificationPage kind="delete-user" token={token} title="Delete account" answer={useActionData<typeof action>()} />;
}

import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { LinkVerificationPage } from '~/components/auth/LinkVerificationPage';

export const meta: MetaFunction = () => [{ title: 'Delete account · Paceline' }];

export function loader({ params }: LoaderFunctionArgs) {
  return { token: params.code ?? '' };
}

export default function DeleteUserPage() {
  const { token } = useLoaderData<typeof loader>();
  return <LinkVerificationPage kind="delete-user" token={token} title="Delete account" />;
}

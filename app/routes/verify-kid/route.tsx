import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { LinkVerificationPage } from '~/components/auth/LinkVerificationPage';
import { linkPageAction } from '~/services/accounts/link-page.server';

export const meta: MetaFunction = () => [{ title: "Approve your child's account · Paceline" }];

export function loader({ request }: LoaderFunctionArgs) {
  return { token: new URL(request.url).searchParams.get('es') ?? '' };
}

export function action({ request }: ActionFunctionArgs) {
  return linkPageAction(request, 'verify-kid', new URL(request.url).searchParams.get('es') ?? '');
}

export default function Page() {
  const { token } = useLoaderData<typeof loader>();
  return <LinkVerificationPage kind="verify-kid" token={token} title="Approve your child's account" answer={useActionData<typeof action>()} />;
}

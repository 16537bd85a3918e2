import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { handleSandboxRequest } from '~/services/connections/sandbox.server';

// /sandbox/{network}/… — the sandbox OAuth provider every unconfigured network uses (decision 091).
export function loader({ request }: LoaderFunctionArgs) {
  return handleSandboxRequest(request);
}

export function action({ request }: ActionFunctionArgs) {
  return handleSandboxRequest(request);
}

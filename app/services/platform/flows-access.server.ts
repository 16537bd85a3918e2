import { requireDeveloperTools } from '~/services/accounts/auth.server';
import { getEnv } from '~/services/platform/env.server';

/** /flows follows /dev/outbox's rule (staff, or loopback when allowed) in every mode but test. */
export async function requireFlowsAccess(request: Request): Promise<void> {
  if (getEnv().APP_MODE === 'test') return;
  await requireDeveloperTools(request);
}

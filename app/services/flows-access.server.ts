import { requireStaff } from '~/services/auth.server';
import { getEnv } from '~/services/env.server';

/** /flows is for staff; in development and tests everyone may look (no sign-in needed). */
export async function requireFlowsAccess(request: Request): Promise<void> {
  if (getEnv().APP_MODE !== 'production') return;
  await requireStaff(request);
}

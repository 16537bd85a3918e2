import type { LoaderFunctionArgs } from '@remix-run/node';
import { RIDES_ZIP_MAX } from '~/lib/constants';
import { requireUser } from '~/services/accounts/auth.server';
import { rideFilesOf } from '~/services/activities/activity-files.server';
import { redirectBackWithToast } from '~/services/platform/toast.server';
import { zipStream, zipResponse } from '~/services/platform/zip.server';

/** Not in the spec (decision 128). */
const RIDES_ZIP_MESSAGES = {
  noneSelected: 'Select at least one ride to download.',
  tooMany: `You can download at most ${RIDES_ZIP_MAX} rides at once.`,
} as const;

// GET /user/activities/files.zip?id=…&id=… — the rides ticked in the activities table, as one zip
// streamed as it is built (the table is a GET form, so this works without JavaScript).
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const ids = new URL(request.url).searchParams.getAll('id');
  const back = (message: string) => redirectBackWithToast(request, '/user/activities?tab=activities#activities', { kind: 'error', message });
  if (ids.length > RIDES_ZIP_MAX) throw back(RIDES_ZIP_MESSAGES.tooMany);
  const files = await rideFilesOf(user.id, ids);
  if (files.length === 0) throw back(RIDES_ZIP_MESSAGES.noneSelected);
  return zipResponse(zipStream(files), `paceline-rides-${new Date().toISOString().slice(0, 10)}.zip`);
}

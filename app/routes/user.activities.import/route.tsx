import { json, type ActionFunctionArgs } from '@remix-run/node';
import { hasErrors, validatePlatform, validateProof, validateStats, type Platform } from '~/lib/activities/import-rules';
import { requireUser } from '~/services/accounts/auth.server';
import { checkProofFiles, submitImport } from '~/services/activities/imports.server';
import { textOf } from '~/lib/form-text';

const text = (form: FormData, name: string) => textOf(form.get(name));

// POST /user/activities/import — the wizard's submit (spec 2 §7 "Third-party import"): the same
// rules as the browser, proof files judged by content. Errors: { field: [message] }.
export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const form = await request.formData();
  const stats = {
    days: text(form, 'days'),
    hours: text(form, 'hours'),
    minutes: text(form, 'minutes'),
    distance: text(form, 'distance'),
    distanceUnit: text(form, 'distanceUnit') === 'miles' ? ('miles' as const) : ('kilometers' as const),
    elevation: text(form, 'elevation'),
  };
  const files = form.getAll('files').filter((entry): entry is File => entry instanceof Blob && entry.size > 0);
  const errors = {
    ...validatePlatform(text(form, 'platform')),
    ...validateStats(stats),
    ...validateProof({ profileLink: text(form, 'profileLink'), fileCount: files.length }),
  };
  const proofs = await Promise.all(files.map(async (file) => ({ name: file.name, bytes: new Uint8Array(await file.arrayBuffer()) })));
  if (!errors.files && files.length > 0) {
    const checked = checkProofFiles(proofs);
    if (!checked.ok) errors.files = checked.message;
  }
  if (hasErrors(errors)) return json({ ok: false, errors: Object.values(errors) }, { status: 400 });
  await submitImport(user.id, {
    platform: text(form, 'platform') as Platform,
    days: Number(stats.days),
    hours: Number(stats.hours),
    minutes: Number(stats.minutes),
    distance: Number(stats.distance),
    distanceUnit: stats.distanceUnit,
    elevationM: Number(stats.elevation),
    profileLink: text(form, 'profileLink').trim(),
    files: proofs,
  });
  return json({ ok: true });
}

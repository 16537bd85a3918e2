import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, useLoaderData } from '@remix-run/react';
import { z } from 'zod';
import { formatDate } from '~/lib/activities/format';
import { requireStaff } from '~/services/accounts/auth.server';
import { listSubmittedImports, reviewImport } from '~/services/activities/imports.server';
import { Button } from '~/components/ui/Button';

export const meta: MetaFunction = () => [{ title: 'Import review · Paceline staff' }];

const reviewSchema = z.object({ importId: z.string().uuid(), decision: z.enum(['approved', 'rejected']) });

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireStaff(request, context);
  return json({ imports: await listSubmittedImports() });
}

export async function action({ request }: ActionFunctionArgs) {
  const staff = await requireStaff(request);
  const parsed = reviewSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) return json({ ok: false }, { status: 400 });
  const ok = await reviewImport(staff.id, parsed.data.importId, parsed.data.decision);
  return json({ ok }, { status: ok ? 200 : 409 });
}

export default function StaffImports() {
  const { imports } = useLoaderData<typeof loader>();
  return (
    <div className="staff-imports">
      <h1>Import requests</h1>
      <p>
        <a href="/staff/measurements">Verified measurements</a>
      </p>
      {imports.length === 0 ? <p className="muted">No requests waiting for review.</p> : null}
      {imports.map((entry) => (
        <article key={entry.id} className="card staff-import" data-testid="import-request">
          <header>
            <h2>
              {entry.firstname} {entry.lastname} <span className="muted">{entry.email}</span>
            </h2>
            <p className="muted">
              {entry.platform} · submitted {formatDate(entry.createdAt)}
            </p>
          </header>
          <dl className="staff-import-figures">
            <div>
              <dt>Time spent</dt>
              <dd>{(entry.totalRideTimeS / 3600).toFixed(1)} h</dd>
            </div>
            <div>
              <dt>Distance</dt>
              <dd>{entry.totalDistanceKm.toFixed(1)} KM</dd>
            </div>
            <div>
              <dt>Elevation</dt>
              <dd>{Math.round(entry.totalElevationM)} M</dd>
            </div>
          </dl>
          <p>
            Profile:{' '}
            <a href={entry.profileLink} rel="noreferrer noopener" target="_blank">
              {entry.profileLink}
            </a>
          </p>
          <ul className="staff-import-proofs">
            {entry.proofFiles.map((file, index) => (
              <li key={file.key}>
                <a href={`/staff/imports/${entry.id}/proof/${index}`} target="_blank" rel="noreferrer">
                  {file.name || `Proof ${index + 1}`} ({file.type})
                </a>
              </li>
            ))}
          </ul>
          <Form method="post" className="staff-import-actions">
            <input type="hidden" name="importId" value={entry.id} />
            <Button type="submit" name="decision" value="approved">
              Approve
            </Button>
            <Button type="submit" name="decision" value="rejected" variant="secondary">
              Reject
            </Button>
          </Form>
        </article>
      ))}
    </div>
  );
}

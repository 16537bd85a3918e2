import { getFormProps, useForm } from '@conform-to/react';
import { Table } from '~/components/ui/Table';
import { parseWithZod } from '@conform-to/zod';
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';
import { Field, FormErrors } from '~/components/ui/Field';
import { formatDate } from '~/lib/activities/format';
import { requireStaff } from '~/services/accounts/auth.server';
import { redirectWithToast } from '~/services/platform/toast.server';
import { findRiderByEmail, listRecentVerifications, recordVerifiedMeasurement } from '~/services/staff/verified-measurements.server';
import { MEASUREMENT_MESSAGES, MeasurementSchema, type MeasurementInput } from './form-schema';
import { Button } from '~/components/ui/Button';

export const meta: MetaFunction = () => [{ title: 'Verified measurements · Paceline staff' }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireStaff(request, context);
  return { recent: await listRecentVerifications(), today: new Date().toISOString().slice(0, 10) };
}

// POST: staff record a rider's weigh-in and/or measured height (decision 047).
export async function action({ request }: ActionFunctionArgs) {
  const staff = await requireStaff(request);
  const submission = parseWithZod(await request.formData(), { schema: MeasurementSchema });
  if (submission.status !== 'success') return data(submission.reply(), { status: 400 });
  const { email, weightKg, heightCm, measuredOn } = submission.value;
  const rider = await findRiderByEmail(email);
  if (!rider) return data(submission.reply({ fieldErrors: { email: [MEASUREMENT_MESSAGES.noRider] } }), { status: 400 });
  await recordVerifiedMeasurement({ riderId: rider.id, staffId: staff.id, measuredAt: new Date(`${measuredOn}T12:00:00Z`), weightKg, heightCm });
  return redirectWithToast('/staff/measurements', { kind: 'success', message: `Verified measurements saved for ${rider.firstname} ${rider.lastname}.` });
}

export default function StaffMeasurements() {
  const { recent, today } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useForm<MeasurementInput>({
    id: 'staff-measurements',
    lastResult,
    defaultValue: { measuredOn: today },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: MeasurementSchema }),
    shouldValidate: 'onBlur',
  });
  return (
    <section className="staff-page staff-measurements">
      <p>
        <Link to="/staff/imports">Import requests</Link> · <Link to="/staff/events">Events</Link> · <Link to="/staff/jobs">Jobs</Link>
      </p>
      <h1>Verified measurements</h1>
      <p className="muted">After a weigh-in or a measurement, record it here: the rider&apos;s page shows it with a check icon instead of the profile value.</p>
      <Form method="post" {...getFormProps(form)} className="card staff-measurements-form">
        <FormErrors errors={form.errors} />
        <div className="wizard-grid">
          <Field label="Rider email" field={fields.email} type="email" />
          <Field label="Measured on" field={fields.measuredOn} type="date" />
          <Field label="Weight (kg)" field={fields.weightKg} inputProps={{ inputMode: 'decimal' }} />
          <Field label="Height (cm)" field={fields.heightCm} inputProps={{ inputMode: 'decimal' }} />
        </div>
        <Button type="submit">Save verified values</Button>
      </Form>
      <h2>Latest verifications</h2>
      {recent.length === 0 ? <p className="muted">Nothing verified yet.</p> : null}
      {recent.length > 0 ? (
        <Table
          testId="verifications"
          rows={recent}
          rowKey={(entry, index) => `${entry.kind}-${entry.measuredAt}-${index}`}
          columns={[
            { header: 'Measured on', cell: (entry) => formatDate(entry.measuredAt) },
            {
              header: 'Rider',
              cell: (entry) => (
                <>
                  {entry.riderName} <span className="muted">{entry.riderEmail}</span>
                </>
              ),
            },
            { header: 'Value', cell: (entry) => (entry.kind === 'weight' ? `${entry.value} KG` : `${entry.value} CM`) },
            { header: 'Verified by', cell: (entry) => entry.verifiedBy ?? '—' },
          ]}
        />
      ) : null}
    </section>
  );
}

import { getFormProps, useForm } from '@conform-to/react';
import { Table } from '~/components/ui/Table';
import { parseWithZod } from '@conform-to/zod';
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { data } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';
import { CATEGORY_KEYS } from '~/lib/domain/events';
import { CheckboxField, Field, FormErrors, SelectField, TextareaField } from '~/components/ui/Field';
import { requireStaff } from '~/services/accounts/auth.server';
import { createEvent, findEvent, updateEvent } from '~/services/events/events.server';
import { redirectWithToast } from '~/services/platform/toast.server';
import { EventFormSchema, formDefaults, toEventInput } from './event-form-schema';
import { Button } from '~/components/ui/Button';
import { serialIdParam } from '~/lib/route-params';

export const meta: MetaFunction = () => [{ title: 'Edit event — Paceline staff' }];

async function loadTarget(id: string | undefined) {
  if (id === 'new') return null;
  const event = await findEvent(serialIdParam(id, 'Event not found'));
  if (!event) throw new Response('Event not found', { status: 404 });
  return event;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireStaff(request);
  const event = await loadTarget(params.id);
  return { id: event?.id ?? null, defaults: formDefaults(event ?? undefined) };
}

export async function action({ request, params }: ActionFunctionArgs) {
  await requireStaff(request);
  const event = await loadTarget(params.id);
  const submission = parseWithZod(await request.formData(), { schema: EventFormSchema });
  if (submission.status !== 'success') return data(submission.reply(), { status: 400 });
  const input = toEventInput(submission.value);
  if (event) await updateEvent(event.id, input);
  else await createEvent(input);
  return redirectWithToast('/staff/events', { kind: 'success', message: `${input.name} saved.` });
}

export default function StaffEventEditor() {
  const { id, defaults } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useForm({
    id: 'staff-event',
    lastResult,
    defaultValue: defaults,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: EventFormSchema }),
    shouldValidate: 'onBlur',
  });
  const categories = fields.categories.getFieldList();
  return (
    <section className="staff-page">
      <p>
        <Link to="/staff/events">← All events</Link>
      </p>
      <h1>{id ? 'Edit event' : 'New event'}</h1>
      <Form method="post" {...getFormProps(form)} className="staff-event-form">
        <fieldset className="card">
          <legend>Event</legend>
          <div className="wizard-grid">
            <Field label="Name" field={fields.name} />
            <Field label="Date" field={fields.date} type="date" />
            <Field label="Start time (GMT+4)" field={fields.time} hint="HH:MM" />
            <Field label="Capacity" field={fields.capacity} type="number" />
            <Field label="Days (1 for a single event)" field={fields.days} type="number" />
            <SelectField
              label="Gender"
              field={fields.gender}
              options={[
                { value: '2', label: 'Open' },
                { value: '0', label: 'Males only' },
                { value: '1', label: 'Females only' },
              ]}
            />
            <SelectField
              label="Event type"
              field={fields.eventType}
              options={[
                { value: 'featured', label: 'Featured' },
                { value: 'all', label: 'All' },
                { value: 'open', label: 'Open' },
              ]}
            />
            <SelectField
              label="Category description"
              field={fields.categoryKey}
              options={[
                { value: '0', label: 'CAT-1' },
                { value: '1', label: 'CAT-2' },
                { value: '2', label: 'Open' },
              ]}
            />
          </div>
          <div className="staff-flags">
            <CheckboxField label="Registration open (accept)" field={fields.accept} />
            <CheckboxField label="Daily ride" field={fields.dailyRide} />
            <CheckboxField label="Date of birth required" field={fields.dobRequired} />
            <CheckboxField label="Identification" field={fields.identification} />
            <CheckboxField label="Device" field={fields.device} />
            <CheckboxField label="Team" field={fields.team} />
            <CheckboxField label="Phone verification (otp)" field={fields.otp} />
          </div>
        </fieldset>
        <fieldset className="card">
          <legend>Course</legend>
          <div className="wizard-grid">
            <Field label="Distance (km)" field={fields.distanceKm} />
            <Field label="Elevation (m)" field={fields.elevationM} />
            <Field label="Max grade (%)" field={fields.maxGrade} />
            <Field label="Laps" field={fields.laps} type="number" />
            <Field label="Route type" field={fields.routeType} />
            <Field label="Image URL" field={fields.image} />
            <Field label="Map image URL" field={fields.map} />
            <Field label="Min W/kg (cap)" field={fields.minCap} />
            <Field label="Max W/kg (cap)" field={fields.maxCap} />
            <Field label="Countries (ids, comma separated; empty = all)" field={fields.countries} />
          </div>
          <Table
            rows={categories.map((category, index) => ({ key: category.key ?? String(index), name: CATEGORY_KEYS[index], parts: category.getFieldset() }))}
            rowKey={(row) => row.key}
            columns={[
              { header: 'Category', cell: (row) => row.name },
              {
                header: 'Start (HH:MM)',
                cell: (row) => <input aria-label={`${row.name} start`} name={row.parts.time.name} defaultValue={row.parts.time.initialValue} />,
              },
              {
                header: 'Distance (km)',
                cell: (row) => <input aria-label={`${row.name} distance`} name={row.parts.distanceKm.name} defaultValue={row.parts.distanceKm.initialValue} />,
              },
              {
                header: 'Elevation (m)',
                cell: (row) => <input aria-label={`${row.name} elevation`} name={row.parts.elevationM.name} defaultValue={row.parts.elevationM.initialValue} />,
              },
            ]}
          />
        </fieldset>
        <fieldset className="card">
          <legend>Texts and links</legend>
          <TextareaField label="Short description" field={fields.description} />
          <TextareaField label="Details (HTML, sanitised when saved)" field={fields.detailsHtml} textareaProps={{ rows: 8 }} />
          <TextareaField label="Team help text" field={fields.teamHelpText} />
          <div className="wizard-grid">
            <Field label="Technical guide URL" field={fields.technicalGuide} />
            <Field label="Ruleset URL" field={fields.ruleset} />
            <Field label="Requirements URL" field={fields.requirements} />
            <Field label="Course details URL" field={fields.courseDetails} />
          </div>
          <TextareaField
            label="Prize money (JSON: templateType, currency, conversionRate, overall, day)"
            field={fields.prizeMoney}
            textareaProps={{ rows: 8 }}
          />
        </fieldset>
        <FormErrors id={form.errorId} errors={form.errors} />
        <Button type="submit">Save event</Button>
      </Form>
    </section>
  );
}

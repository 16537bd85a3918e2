import type { SubmissionResult } from '@conform-to/react';
import { getFormProps, useForm } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod';
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import type { ClientActionFunctionArgs } from '@remix-run/react';
import { data, redirect } from '@remix-run/node';
import { Form, useActionData, useLoaderData, useRouteLoaderData, useSubmit } from '@remix-run/react';
import { useFlowMachine } from '~/components/flows/use-flow-machine';
import { useEffect, useMemo, useRef } from 'react';
import { useSubmissionBridge } from '~/components/auth/use-submission-bridge';
import { keepLoadersAfterRefusal, serverActionThroughSeam, type NoResponseAnswer } from '~/lib/api-client';
import { registrationSchema, stepSchema } from '~/lib/events/registration-schema';
import { requiredSteps, WIZARD_STEPS, type WizardStep } from '~/lib/events/wizard-steps';
import { eventWizardMachine } from '~/machines/event-wizard.machine';
import type { loader as rootLoader } from '~/root';
import { getOptionalUser, requireUser } from '~/services/accounts/auth.server';
import { findEvent } from '~/services/events/events.server';
import { getWizardData } from '~/services/events/registration.server';
import { LoginToParticipate, ServerErrors, StepProgress, WizardErrorPopup } from './components/chrome';
import { WizardSteps } from './components/steps';
import { handleRegistrationPost, type SubmitResponse } from './submit.server';
import { Button } from '~/components/ui/Button';
import { serialIdParam } from '~/lib/route-params';

export const meta: MetaFunction<typeof loader> = ({ data: loaded }) => [
  { title: loaded ? `Register: ${loaded.event.name} — Paceline` : 'Register — Paceline' },
];

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const eventId = serialIdParam(params.id, 'Event not found');
  const user = await getOptionalUser(request, context);
  if (!user) {
    // Spec 3 §4: a visitor sees 'Please login to participate in the event', not the wizard.
    const event = await findEvent(eventId);
    if (!event) throw new Response('Event not found', { status: 404 });
    return { signedIn: false as const, event: { id: event.id, name: event.name } };
  }
  const wizard = await getWizardData(eventId, user.id);
  if (!wizard) throw new Response('Event not found', { status: 404 });
  // Spec 3 §4: a rider who is already registered goes to the events list.
  if (wizard.isRegistered) throw redirect('/events');
  const { event } = wizard;
  return {
    signedIn: true as const,
    event: { id: event.id, name: event.name, date: event.date, time: event.time, teamHelpText: event.teamHelpText, minCap: event.minCap, maxCap: event.maxCap },
    requirements: wizard.requirements,
    rules: wizard.rules,
    rider: wizard.rider,
    existingFiles: wizard.existingFiles,
  };
}

/** The wizard's one endpoint, with JavaScript (the machine posts the form here) and without. */
export async function action({ request, params }: ActionFunctionArgs) {
  const eventId = serialIdParam(params.id, 'Event not found');
  const user = await requireUser(request);
  const result = await handleRegistrationPost(request, eventId, user);
  if (result.ok) throw redirect(result.redirectTo);
  return data(result, { status: 400 });
}

// With JavaScript the post goes through the seam: a lost network shows the 'No response received…' toast
// and comes back as a refusal (the popup, then the last step to try again) instead of the error boundary.
export const clientAction = ({ serverAction }: ClientActionFunctionArgs) => serverActionThroughSeam(serverAction<typeof action>);
// A refusal keeps the page as it is: reloading the loader would redirect a rider refused as already
// registered to /events before the popup could tell them why.
export const shouldRevalidate = keepLoadersAfterRefusal;

const UNTICKED_CHECKBOXES = ['disclaimer', 'agree'];

type WizardPageData = Extract<ReturnType<typeof useLoaderData<typeof loader>>, { signedIn: true }>;

export default function EventRegistrationPage() {
  const loaded = useLoaderData<typeof loader>();
  return loaded.signedIn ? <EventWizard loaded={loaded} /> : <LoginToParticipate event={loaded.event} />;
}

function EventWizard({ loaded }: { loaded: WizardPageData }) {
  const actionData = useActionData<typeof clientAction>() as SubmitResponse | NoResponseAnswer | undefined;
  const supportEmail = useRouteLoaderData<typeof rootLoader>('root')?.env.supportEmail ?? '';
  const submit = useSubmit();
  const formRef = useRef<HTMLFormElement>(null);

  const machine = useMemo(
    () =>
      eventWizardMachine.provide({
        actions: { submitForm: () => submit(formRef.current, { method: 'post', encType: 'multipart/form-data' }) },
      }),
    [submit],
  );
  const [snapshot, send] = useFlowMachine(machine);
  const state = String(snapshot.value);
  const currentStep = (WIZARD_STEPS as readonly string[]).includes(state) ? (state as WizardStep) : null;

  useEffect(() => {
    send({ type: 'START', requirements: loaded.requirements });
  }, [send, loaded.requirements]);
  useSubmissionBridge(
    actionData,
    () => {},
    (result) => {
      if (!result.ok) send({ type: 'REJECTED', messages: [...result.messages] });
    },
    () => send({ type: 'REDIRECTED' }),
  );

  const serverReply: SubmissionResult<string[]> | undefined = actionData && 'reply' in actionData ? actionData.reply : undefined;
  const [form, fields] = useForm({
    id: 'event-registration',
    lastResult: serverReply,
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
    defaultValue: { ...loaded.rider, team: 'i', type: 'sms', idSource: 'upload', expiryDate: defaultExpiry(loaded.rules.today) },
    onValidate({ formData }) {
      // An unticked checkbox sends nothing; name it so Conform reports its error.
      for (const name of UNTICKED_CHECKBOXES) if (!formData.has(name)) formData.append(name, '');
      const schema = currentStep ? stepSchema(currentStep, loaded.rules) : registrationSchema(loaded.requirements, loaded.rules);
      return parseWithZod(formData, { schema });
    },
    onSubmit(event) {
      // With JavaScript the machine owns the flow; the final NEXT invokes the submit actor.
      event.preventDefault();
      send({ type: 'NEXT' });
    },
  });

  const serverErrors = snapshot.context.serverErrors.length ? snapshot.context.serverErrors : actionData && !actionData.ok ? [...actionData.messages] : [];
  const busy = state === 'submitting' || state === 'leaving';
  return (
    <section className="wizard">
      <header className="wizard-header">
        <p className="wizard-kicker">Registration</p>
        <h1>{loaded.event.name}</h1>
      </header>
      <StepProgress requirements={loaded.requirements} current={currentStep} />
      <Form method="post" encType="multipart/form-data" ref={formRef} {...getFormProps(form)} className="wizard-form">
        <WizardSteps fields={fields} current={currentStep} loaded={loaded} />
        <div className="wizard-actions">
          {currentStep && currentStep !== 'disclaimer' ? (
            <Button onClick={() => send({ type: 'BACK' })} disabled={busy} variant="secondary">
              Back
            </Button>
          ) : null}
          <Button type="submit" pending={busy}>
            {busy ? 'Submitting…' : currentStep === null || requiredSteps(loaded.requirements).at(-1) === currentStep ? 'Submit' : 'Next'}
          </Button>
        </div>
        <ServerErrors messages={serverErrors} supportEmail={supportEmail} />
      </Form>
      <WizardErrorPopup open={state === 'failed'} messages={serverErrors} supportEmail={supportEmail} onClose={() => send({ type: 'DISMISS_ERROR' })} />
    </section>
  );
}

function defaultExpiry(today: string): string {
  const date = new Date(`${today}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 10);
  return date.toISOString().slice(0, 10);
}

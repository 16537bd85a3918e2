import { Modal } from '~/components/ui/Modal';
import { requiredSteps, STEP_TITLES, type StepRequirements, type WizardStep } from '~/lib/events/wizard-steps';
import { Button, ButtonLink } from '~/components/ui/Button';

/** The wizard's progress: the steps this event needs, the current one marked. */
export function StepProgress({ requirements, current }: { requirements: StepRequirements; current: WizardStep | null }) {
  const steps = requiredSteps(requirements);
  const index = current ? steps.indexOf(current) : -1;
  return (
    <ol className="wizard-progress" aria-label="Registration steps">
      {steps.map((step, position) => (
        <li key={step} aria-current={step === current ? 'step' : undefined} className={index > position ? 'done' : undefined}>
          <span className="wizard-progress-number">{position + 1}</span> {STEP_TITLES[step]}
        </li>
      ))}
    </ol>
  );
}

/** Spec 3 §8: server errors, then 'For further information please contact' and the support address. */
function ErrorList({ messages, supportEmail }: { messages: string[]; supportEmail: string }) {
  return (
    <>
      <ul className="wizard-errors-list">
        {messages.map((message) => (
          <li key={message}>{message}</li>
        ))}
      </ul>
      <p className="wizard-support">
        For further information please contact <a href={`mailto:${supportEmail}`}>{supportEmail}</a>
      </p>
    </>
  );
}

export function ServerErrors({ messages, supportEmail }: { messages: string[]; supportEmail: string }) {
  if (messages.length === 0) return null;
  return (
    <div className="wizard-server-errors" role="alert">
      <ErrorList messages={messages} supportEmail={supportEmail} />
    </div>
  );
}

export function WizardErrorPopup({ open, messages, supportEmail, onClose }: { open: boolean; messages: string[]; supportEmail: string; onClose: () => void }) {
  return (
    <Modal open={open} title="We could not register you" onClose={onClose} className="wizard-error-modal">
      <ErrorList messages={messages} supportEmail={supportEmail} />
      <Button onClick={onClose}>OK</Button>
    </Modal>
  );
}

/** What a visitor sees at /event/{id}: the spec's text and a way in that returns here. */
export function LoginToParticipate({ event }: { event: { id: number; name: string } }) {
  const back = encodeURIComponent(`/event/${event.id}`);
  return (
    <section className="wizard">
      <header className="wizard-header">
        <p className="wizard-kicker">Registration</p>
        <h1>{event.name}</h1>
      </header>
      <p className="wizard-login-prompt">Please login to participate in the event</p>
      <p className="wizard-actions">
        <ButtonLink to={`/auth/login?redirect=${back}`}>Login</ButtonLink>
        <ButtonLink to="/auth/register">Sign up</ButtonLink>
      </p>
    </section>
  );
}

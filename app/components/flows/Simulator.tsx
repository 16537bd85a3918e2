import { useState } from 'react';
import type { EventObject } from 'xstate';
import { describeStateValue } from '~/lib/flows/definition';
import { hasPayload, serializeEvent } from '~/lib/flows/events';
import { choicesFor, formatContext, type Choice, type Simulation } from '~/lib/flows/simulation';
import type { CatalogueEntry } from '~/lib/flows/types';
import { Button } from '~/components/ui/Button';

interface SimulatorProps {
  entry: CatalogueEntry;
  simulation: Simulation;
  /** Readable labels of event types ("after 10 s") from the drawn graph. */
  labels: ReadonlyMap<string, string>;
  onSend: (event: EventObject) => void;
  /** Goes back to the state after `count` steps (0: the initial state). */
  onRewind: (count: number) => void;
}

const GROUPS: Array<{ kind: Choice['kind']; title: string }> = [
  { kind: 'event', title: 'Events' },
  { kind: 'delay', title: 'Timers' },
  { kind: 'resolve', title: 'Services: resolve' },
  { kind: 'fail', title: 'Services: fail' },
];

/** The step-through panel: current state, the accepted events as buttons, context, history. */
export function Simulator({ entry, simulation, labels, onSend, onRewind }: SimulatorProps) {
  const { snapshot, steps, states, rejected } = simulation;
  const choices = choicesFor(entry, snapshot);
  return (
    <section className="flows-simulator" aria-label="Simulator">
      <h2>Simulator</h2>
      <p className="flows-current">
        Current state: <output data-testid="current-state">{describeStateValue(snapshot.value)}</output>
        {snapshot.status === 'done' ? <span className="flows-badge">final</span> : null}
      </p>
      {rejected ? (
        <p className="flows-warning" role="alert">
          Step {rejected.index + 1} ({rejected.event.type}) is not accepted there; the link stops before it.
        </p>
      ) : null}
      {choices.length === 0 ? <p className="field-hint">No event is accepted in this state.</p> : null}
      {GROUPS.map(({ kind, title }) => {
        const group = choices.filter((choice) => choice.kind === kind);
        if (group.length === 0) return null;
        return (
          <div key={kind} className="flows-choices">
            <h3>{title}</h3>
            <ul>
              {group.map((choice, index) => (
                <ChoiceRow
                  key={`${index}:${serializeEvent(choice.event)}`}
                  choice={choice}
                  label={labels.get(choice.event.type)}
                  onSend={onSend}
                  accepts={(event) => snapshot.can(event)}
                />
              ))}
            </ul>
          </div>
        );
      })}
      <div className="flows-history">
        <h3>History</h3>
        <div className="flows-history-actions">
          <Button disabled={steps.length === 0} onClick={() => onRewind(steps.length - 1)} variant="secondary">
            Undo
          </Button>
          <Button disabled={steps.length === 0} onClick={() => onRewind(0)} variant="secondary">
            Restart
          </Button>
        </div>
        <ol>
          <li>
            <Button variant="link" onClick={() => onRewind(0)}>
              start → {describeStateValue(states[0].value)}
            </Button>
          </li>
          {steps.map((event, index) => (
            <li key={index}>
              <Button variant="link" onClick={() => onRewind(index + 1)}>
                {labels.get(event.type) ?? event.type} → {describeStateValue(states[index + 1].value)}
              </Button>
            </li>
          ))}
        </ol>
      </div>
      <div className="flows-context">
        <h3>Context</h3>
        {/* Focusable so a keyboard can scroll a context wider or taller than its box. */}
        <pre tabIndex={0} aria-label="Machine context">
          {formatContext(snapshot.context)}
        </pre>
      </div>
    </section>
  );
}

function withoutType(event: EventObject): Record<string, unknown> {
  const { type: _type, ...payload } = event;
  return payload;
}

function buttonText(choice: Choice, label: string | undefined): string {
  const { type } = choice.event;
  if (choice.kind === 'delay') return `Fire ${label ?? type}`;
  if (choice.kind === 'resolve') return `Resolve ${type.slice('xstate.done.actor.'.length)}`;
  if (choice.kind === 'fail') return `Fail ${type.slice('xstate.error.actor.'.length)}`;
  return type;
}

interface ChoiceRowProps {
  choice: Choice;
  label: string | undefined;
  onSend: (event: EventObject) => void;
  accepts: (event: EventObject) => boolean;
}

/** One accepted event: a button sending the catalogue sample, and an editable payload. */
function ChoiceRow({ choice, label, onSend, accepts }: ChoiceRowProps) {
  const { event } = choice;
  const payload = hasPayload(event) ? JSON.stringify(withoutType(event)) : null;
  return (
    <li className="flows-choice">
      <Button data-event={serializeEvent(event)} onClick={() => onSend(event)}>
        {buttonText(choice, label)}
      </Button>
      {payload ? <code className="flows-payload">{payload}</code> : null}
      {payload ? <PayloadForm type={event.type} initial={withoutType(event)} onSend={onSend} accepts={accepts} /> : null}
    </li>
  );
}

function PayloadForm({
  type,
  initial,
  onSend,
  accepts,
}: {
  type: string;
  initial: Record<string, unknown>;
  onSend: (event: EventObject) => void;
  accepts: (event: EventObject) => boolean;
}) {
  const [text, setText] = useState(() => JSON.stringify(initial, null, 2));
  const [error, setError] = useState<string | null>(null);
  const submit = (formEvent: React.FormEvent) => {
    formEvent.preventDefault();
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      setError('The payload is not valid JSON.');
      return;
    }
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) {
      setError('The payload must be a JSON object.');
      return;
    }
    const event = { ...(parsed as Record<string, unknown>), type };
    if (!accepts(event)) {
      setError('The machine does not accept this payload here (a guard rejects it).');
      return;
    }
    setError(null);
    onSend(event);
  };
  return (
    <details className="flows-payload-form">
      <summary>Edit payload</summary>
      <form onSubmit={submit}>
        <label className="field">
          <span>{type} payload (JSON)</span>
          <textarea
            value={text}
            onChange={(changeEvent) => setText(changeEvent.target.value)}
            rows={Math.min(10, text.split('\n').length + 1)}
            spellCheck={false}
          />
        </label>
        {error ? (
          <p className="field-error" role="alert">
            {error}
          </p>
        ) : null}
        <Button type="submit" variant="secondary">
          Send {type}
        </Button>
      </form>
    </details>
  );
}

import type { EventObject } from 'xstate';
import { eventLabels } from './graph';
import { hasPayload } from './events';
import type { Coverage, GeneratedPaths, MachinePath, PathKind, PathStep } from './paths';
import type { CatalogueEntry } from './types';

/**
 * What `npm run paths` writes for QA: per machine a Markdown page (each path as numbered
 * steps: event with payload, guard outcome, resulting state) and the same data as JSON.
 */

export function percent(part: { covered: number; total: number }): string {
  return part.total === 0 ? '100%' : `${Math.floor((part.covered / part.total) * 100)}%`;
}

export function isComplete(coverage: Coverage): boolean {
  return coverage.states.missing.length === 0 && coverage.transitions.missing.length === 0;
}

export function summaryLine(entry: CatalogueEntry, { paths, coverage }: GeneratedPaths): string {
  const { states, transitions } = coverage;
  return [
    entry.id.padEnd(24),
    `states ${states.covered}/${states.total} (${percent(states)})`.padEnd(22),
    `transitions ${transitions.covered}/${transitions.total} (${percent(transitions)})`.padEnd(28),
    `paths ${paths.length}`,
  ].join(' ');
}

function payloadOf(event: EventObject): string {
  if (!hasPayload(event)) return '';
  const { type: _type, ...payload } = event;
  return ` with \`${JSON.stringify(payload)}\``;
}

/** "Send SUBMIT", "Wait: after 10 s", "Service sendCode resolves", "Service sendCode fails". */
function describeEvent(event: EventObject, labels: ReadonlyMap<string, string>): string {
  const label = labels.get(event.type) ?? event.type;
  if (event.type.startsWith('xstate.after.')) return `Wait: ${label}`;
  if (event.type.startsWith('xstate.done.actor.')) return `Service ${event.type.slice('xstate.done.actor.'.length)} resolves${payloadOf(event)}`;
  if (event.type.startsWith('xstate.error.actor.')) return `Service ${event.type.slice('xstate.error.actor.'.length)} fails${payloadOf(event)}`;
  return `Send **${event.type}**${payloadOf(event)}`;
}

function stepLine(step: PathStep, index: number, labels: ReadonlyMap<string, string>): string {
  const guards = step.guards.length ? ` — guards: ${step.guards.join(', ')}` : '';
  return `${index + 1}. ${describeEvent(step.event, labels)}${guards} → \`${step.state}\``;
}

const SECTIONS: Array<{ kind: PathKind; title: string; about: string }> = [
  { kind: 'shortest', title: 'Shortest paths', about: 'The shortest way to every reachable state.' },
  { kind: 'simple', title: 'Simple paths', about: 'Every route that never revisits a state, within the bound.' },
  { kind: 'transition', title: 'Transition paths', about: 'Transitions (loops, retries, back) no path above takes.' },
];

export function renderMarkdown(entry: CatalogueEntry, generated: GeneratedPaths): string {
  const labels = eventLabels(entry.machine);
  const { coverage, paths } = generated;
  const lines = [
    `# ${entry.title} — generated paths`,
    '',
    entry.description,
    '',
    `- Machine: \`${entry.id}\` (${entry.specRef})`,
    `- States: ${coverage.states.covered} of ${coverage.states.total} covered (${percent(coverage.states)})`,
    `- Transitions: ${coverage.transitions.covered} of ${coverage.transitions.total} covered (${percent(coverage.transitions)})`,
    `- Paths: ${paths.length}; every path starts in the initial state.`,
  ];
  if (!isComplete(coverage)) {
    lines.push('', '## Not covered', '');
    for (const id of coverage.states.missing) lines.push(`- state \`${id}\``);
    for (const id of coverage.transitions.missing) lines.push(`- transition \`${id}\``);
  }
  let number = 0;
  for (const section of SECTIONS) {
    const inSection = paths.filter((path) => path.kind === section.kind);
    if (inSection.length === 0) continue;
    lines.push('', `## ${section.title}`, '', section.about);
    for (const path of inSection) {
      number += 1;
      lines.push('', `### ${number}. To \`${path.target}\` (${path.steps.length} step${path.steps.length === 1 ? '' : 's'})`, '');
      path.steps.forEach((step, index) => lines.push(stepLine(step, index, labels)));
    }
  }
  return `${lines.join('\n')}\n`;
}

export function renderJson(entry: CatalogueEntry, generated: GeneratedPaths): string {
  const compact = (path: MachinePath) => ({
    kind: path.kind,
    target: path.target,
    steps: path.steps.map(({ event, guards, state, transitions }) => ({ event, guards, state, transitions })),
  });
  return `${JSON.stringify({ id: entry.id, title: entry.title, specRef: entry.specRef, coverage: generated.coverage, paths: generated.paths.map(compact) }, null, 2)}\n`;
}

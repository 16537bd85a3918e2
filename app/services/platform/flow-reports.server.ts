import { z } from 'zod';
import { listStateNodes } from '~/lib/flows/definition';
import { REPORT_LIMITS, statePath, transitionKey, transitionPartsOf, type ActivityReport } from '~/lib/flows/activity';
import { catalogue } from '~/machines/catalogue';

/**
 * Reading a browser's flow activity report (decision 191): its shape, its size, and every
 * machine, state and transition it names checked against the catalogue. A report that names
 * anything else is refused whole: counts are only ever of the machines /flows draws.
 */

export const REPORT_REFUSALS = {
  unreadable: 'The report is not JSON of the form {"v":1,"m":[…]}.',
  tooLarge: `The report is larger than ${REPORT_LIMITS.maxBytes} bytes.`,
  tooManyRows: `The report holds more than ${REPORT_LIMITS.maxRows} rows.`,
  unknownMachine: (id: string) => `No machine of the catalogue is named ${JSON.stringify(id).slice(0, 80)}.`,
  unknownState: (machine: string, state: string) => `${machine} has no state ${JSON.stringify(state).slice(0, 80)}.`,
  unknownTransition: (machine: string, row: string) => `${machine} has no transition ${row.slice(0, 160)}.`,
} as const;

const name = z.string().max(200);
const times = z.number().int().min(1).max(REPORT_LIMITS.maxTimes);
const ReportSchema = z
  .object({
    v: z.literal(1),
    m: z
      .array(
        z
          .object({
            id: name,
            s: z.array(z.tuple([name, times])).optional(),
            t: z.array(z.tuple([name, name, name, times])).optional(),
          })
          .strict(),
      )
      .min(1)
      .max(REPORT_LIMITS.maxMachines),
  })
  .strict();

interface MachineFacts {
  states: Set<string>;
  transitions: Set<string>;
}

let factsById: Map<string, MachineFacts> | undefined;

/** What a report may name of each machine, by XState id: read once from the catalogue. */
function machineFacts(): Map<string, MachineFacts> {
  factsById ??= new Map(
    catalogue.map((entry) => [
      entry.machine.id,
      {
        states: new Set(['', ...listStateNodes(entry.machine).map(statePath)]),
        transitions: new Set([...transitionPartsOf(entry.machine).values()].map(transitionKey)),
      },
    ]),
  );
  return factsById;
}

export type ReadReport = { ok: true; report: ActivityReport; units: number } | { ok: false; message: string };

/** The report in `text`, checked; `units` is what it counts in all (what a client's budget pays). */
export function readReport(text: string): ReadReport {
  if (Buffer.byteLength(text) > REPORT_LIMITS.maxBytes) return { ok: false, message: REPORT_REFUSALS.tooLarge };
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { ok: false, message: REPORT_REFUSALS.unreadable };
  }
  const parsed = ReportSchema.safeParse(json);
  if (!parsed.success) return { ok: false, message: REPORT_REFUSALS.unreadable };
  const report = parsed.data as ActivityReport;
  let rows = 0;
  let units = 0;
  for (const machine of report.m) {
    const facts = machineFacts().get(machine.id);
    if (!facts) return { ok: false, message: REPORT_REFUSALS.unknownMachine(machine.id) };
    for (const [state, runs] of machine.s ?? []) {
      if (!facts.states.has(state)) return { ok: false, message: REPORT_REFUSALS.unknownState(machine.id, state) };
      rows += 1;
      units += runs;
    }
    for (const [from, event, to, taken] of machine.t ?? []) {
      const key = transitionKey({ from, event, to });
      if (!facts.transitions.has(key)) return { ok: false, message: REPORT_REFUSALS.unknownTransition(machine.id, key) };
      rows += 1;
      units += taken;
    }
  }
  if (rows > REPORT_LIMITS.maxRows) return { ok: false, message: REPORT_REFUSALS.tooManyRows };
  return { ok: true, report, units };
}

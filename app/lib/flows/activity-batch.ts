import { isMachineSnapshot, type AnyMachineSnapshot, type InspectionEvent } from 'xstate';
import { REPORT_LIMITS, REPORT_MAX_DELAY_MS, REPORT_QUIET_MS, statePath, transitionPartsOf, type ActivityReport, type MachineReport } from './activity';
import { activeStateNodes, MicrostepReader } from './microsteps';

/**
 * The browser's side of flow activity (decision 190), without the browser: what a page's actors
 * did, read from XState's public inspection records and added up until it is sent. Each actor is
 * a run: the run counts once for the machine itself ('') and once for each state it reaches,
 * however often; each transition counts every time it is taken.
 */
export class ReportBatch {
  private readonly machines = new Map<string, { states: Map<string, number>; transitions: Map<string, [string, string, string, number]> }>();
  private rowCount = 0;
  private fullest = 0;
  private counted = 0;

  private machine(id: string) {
    let machine = this.machines.get(id);
    if (!machine) this.machines.set(id, (machine = { states: new Map(), transitions: new Map() }));
    return machine;
  }

  reached(machineId: string, state: string): void {
    const { states } = this.machine(machineId);
    const runs = (states.get(state) ?? 0) + 1;
    if (runs === 1) this.rowCount += 1;
    this.counted += 1;
    states.set(state, runs);
    this.fullest = Math.max(this.fullest, runs);
  }

  took(machineId: string, from: string, event: string, to: string): void {
    const { transitions } = this.machine(machineId);
    const key = `${from}\u0000${event}\u0000${to}`;
    this.counted += 1;
    const row = transitions.get(key);
    if (row) row[3] += 1;
    else {
      transitions.set(key, [from, event, to, 1]);
      this.rowCount += 1;
    }
    this.fullest = Math.max(this.fullest, row?.[3] ?? 1);
  }

  /** Everything counted since the batch was made: grows with each run reaching a state and each transition taken. */
  get counts(): number {
    return this.counted;
  }

  get isEmpty(): boolean {
    return this.rowCount === 0;
  }

  /** Whether it must go now: one more row or count could take it past what the server takes. */
  get isFull(): boolean {
    return this.rowCount >= REPORT_LIMITS.maxRows || this.fullest >= REPORT_LIMITS.maxTimes || this.machines.size >= REPORT_LIMITS.maxMachines;
  }

  /** The report of everything gathered, which is then forgotten; null when there is nothing. */
  take(): ActivityReport | null {
    if (this.isEmpty) return null;
    const m: MachineReport[] = [...this.machines].map(([id, { states, transitions }]) => ({
      id,
      ...(states.size > 0 ? { s: [...states] } : {}),
      ...(transitions.size > 0 ? { t: [...transitions.values()] } : {}),
    }));
    this.machines.clear();
    this.rowCount = 0;
    this.fullest = 0;
    return { v: 1, m };
  }
}

/**
 * Reads one actor system's inspection records into a batch. A run's states are remembered while
 * its actor lives (in memory, with the actor): nothing is stored in the browser.
 */
export class ActivityReader {
  private readonly microsteps = new MicrostepReader();
  private readonly reachedBy = new WeakMap<object, Set<string>>();

  constructor(private readonly batch: ReportBatch) {}

  read(inspection: InspectionEvent): void {
    const step = this.microsteps.read(inspection);
    if (inspection.type !== '@xstate.microstep' && inspection.type !== '@xstate.snapshot') return;
    if (!isMachineSnapshot(inspection.snapshot) || inspection.snapshot.status === 'stopped') return;
    const snapshot = inspection.snapshot as AnyMachineSnapshot;
    const machineId = snapshot.machine.id;
    let reached = this.reachedBy.get(inspection.actorRef);
    if (!reached) this.reachedBy.set(inspection.actorRef, (reached = new Set()));
    const reach = (state: string) => {
      if (reached.has(state)) return;
      reached.add(state);
      this.batch.reached(machineId, state);
    };
    reach('');
    const parts = transitionPartsOf(snapshot.machine);
    for (const id of step?.ids ?? []) {
      const taken = parts.get(id);
      if (!taken) continue;
      // A state left within the macrostep that entered it (an initial state left by `always`) shows
      // in no snapshot: its transition out says it was reached.
      reach(taken.from);
      this.batch.took(machineId, taken.from, taken.event, taken.to);
    }
    for (const node of activeStateNodes(snapshot)) reach(statePath(node));
  }
}

/**
 * A page's batch and when it goes (decision 191): after REPORT_QUIET_MS without a new count, at
 * the latest REPORT_MAX_DELAY_MS after the first count it holds, at once when full, and whenever
 * `flush` is called (the page hidden or left). `send` gets each report.
 */
export class ScheduledBatch {
  private readonly batch = new ReportBatch();
  private quiet: ReturnType<typeof setTimeout> | undefined;
  private latest: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly send: (report: ActivityReport) => void) {}

  /** An inspector for one actor system, adding what it does to this batch. */
  inspector(): (inspection: InspectionEvent) => void {
    const reader = new ActivityReader(this.batch);
    return (inspection) => {
      const counted = this.batch.counts;
      reader.read(inspection);
      if (this.batch.counts !== counted) this.grew();
    };
  }

  private grew(): void {
    if (this.batch.isFull) return this.flush();
    clearTimeout(this.quiet);
    this.quiet = setTimeout(() => this.flush(), REPORT_QUIET_MS);
    this.latest ??= setTimeout(() => this.flush(), REPORT_MAX_DELAY_MS);
  }

  flush(): void {
    clearTimeout(this.quiet);
    clearTimeout(this.latest);
    this.quiet = this.latest = undefined;
    const report = this.batch.take();
    if (report) this.send(report);
  }
}

import { useEffect, useState } from 'react';
import { isMachineSnapshot, type ActorRefLike, type AnyMachineSnapshot, type InspectionEvent } from 'xstate';
import { transitionPartsOf } from '~/lib/flows/activity';
import { activeStateNodes, MicrostepReader } from '~/lib/flows/microsteps';

/**
 * "Watch my tabs" on /flows/<id> (decision 194): the running actors of the staff member's own
 * open tabs, as they move. Tabs talk over a BroadcastChannel, which reaches only pages of the same
 * origin in the same browser profile: no server takes part, so no one can watch another person's
 * session. A tab tells nothing until a viewer asks, and stops WATCH_LAPSE_MS after the last ask.
 */
const CHANNEL = 'paceline-flows-live';
const ASK_EVERY_MS = 4_000;
const WATCH_LAPSE_MS = 12_000;

type Message =
  | { kind: 'watch' }
  | {
      kind: 'actor';
      tab: string;
      page: string;
      actor: string;
      machineId: string;
      status: string;
      /** State node ids the actor is in. */
      active: string[];
      /** Statechart edge ids its last step took. */
      took: string[];
    };

export type LiveActor = Omit<Extract<Message, { kind: 'actor' }>, 'kind'> & { seenAt: number };

let tabBroadcaster: TabBroadcaster | null | undefined;

/** This tab's running machine actors, told to any viewer that asks. One per page. */
class TabBroadcaster {
  private readonly channel = new BroadcastChannel(CHANNEL);
  private readonly tab = Math.random().toString(36).slice(2, 8);
  private readonly actors = new Map<ActorRefLike, { snapshot: AnyMachineSnapshot; took: string[] }>();
  private watchedUntil = 0;

  constructor() {
    // Each ask is answered with every actor: a viewer opened late, or one that missed a step, is
    // brought up to date, and an actor no longer told of is gone (its tab closed).
    this.channel.onmessage = (event: MessageEvent<Message>) => {
      if (event.data?.kind !== 'watch') return;
      this.watchedUntil = Date.now() + WATCH_LAPSE_MS;
      for (const [actor, { snapshot, took }] of this.actors) this.tell(actor, snapshot, took);
    };
    window.addEventListener('pagehide', () => {
      if (Date.now() > this.watchedUntil) return;
      for (const [actor, { snapshot }] of this.actors) this.tell(actor, snapshot, [], 'stopped');
    });
  }

  saw(actor: ActorRefLike, snapshot: AnyMachineSnapshot, took: string[] | null): void {
    const steps = took ?? this.actors.get(actor)?.took ?? [];
    if (snapshot.status === 'stopped') this.actors.delete(actor);
    else this.actors.set(actor, { snapshot, took: steps });
    if (Date.now() <= this.watchedUntil) this.tell(actor, snapshot, steps);
  }

  private tell(actor: ActorRefLike, snapshot: AnyMachineSnapshot, took: string[], status: string = snapshot.status): void {
    this.channel.postMessage({
      kind: 'actor',
      tab: this.tab,
      page: window.location.pathname,
      actor: actor.sessionId,
      machineId: snapshot.machine.id,
      status,
      active: activeStateNodes(snapshot).map((node) => node.id),
      took,
    } satisfies Message);
  }
}

/** An inspector telling viewers in this browser what one actor system's machines do; undefined without BroadcastChannel. */
export function liveTabsReporter(): ((inspection: InspectionEvent) => void) | undefined {
  if (typeof window === 'undefined' || typeof BroadcastChannel === 'undefined') return undefined;
  tabBroadcaster ??= new TabBroadcaster();
  const broadcaster = tabBroadcaster;
  const reader = new MicrostepReader();
  return (inspection) => {
    const step = reader.read(inspection);
    if (inspection.type !== '@xstate.microstep' && inspection.type !== '@xstate.snapshot') return;
    if (!isMachineSnapshot(inspection.snapshot)) return;
    const snapshot = inspection.snapshot as AnyMachineSnapshot;
    const parts = transitionPartsOf(snapshot.machine);
    const took = step ? step.ids.flatMap((id) => parts.get(id)?.edgeId ?? []) : null;
    broadcaster.saw(inspection.actorRef, snapshot, took);
  };
}

/** The actors of `machineId` running in this browser's tabs while `watching`, kept up to date. */
export function useLiveTabs(machineId: string, watching: boolean): LiveActor[] {
  const [actors, setActors] = useState<Map<string, LiveActor>>(new Map());
  useEffect(() => {
    if (!watching || typeof BroadcastChannel === 'undefined') return;
    const channel = new BroadcastChannel(CHANNEL);
    channel.onmessage = (event: MessageEvent<Message>) => {
      const message = event.data;
      if (message?.kind !== 'actor' || message.machineId !== machineId) return;
      const { kind: _kind, ...actor } = message;
      setActors((current) => {
        const next = new Map(current);
        const key = `${actor.tab} ${actor.actor}`;
        if (actor.status === 'stopped') next.delete(key);
        else next.set(key, { ...actor, seenAt: Date.now() });
        return next;
      });
    };
    const ask = () => {
      channel.postMessage({ kind: 'watch' } satisfies Message);
      // Every tab answers each ask: an actor not heard of for two asks is in a tab that went.
      const heardSince = Date.now() - 2 * ASK_EVERY_MS - 1_000;
      setActors((current) => new Map([...current].filter(([, actor]) => actor.seenAt >= heardSince)));
    };
    ask();
    const asking = setInterval(ask, ASK_EVERY_MS);
    return () => {
      clearInterval(asking);
      channel.close();
      setActors(new Map());
    };
  }, [machineId, watching]);
  return [...actors.values()];
}

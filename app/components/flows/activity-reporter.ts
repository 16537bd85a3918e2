import type { InspectionEvent } from 'xstate';
import { sendQuietly } from '~/lib/api-client';
import { FLOW_REPORT_PATH } from '~/lib/flows/activity';
import { ScheduledBatch } from '~/lib/flows/activity-batch';

/**
 * Flow activity in the browser (decision 190, docs/flows-activity.md): every flow actor's
 * transitions go into one batch per page (ScheduledBatch: sent after a quiet moment, or when full),
 * sent too when the page is hidden or left (`visibilitychange`, `pagehide`), in a request nobody
 * waits for.
 * A browser that asks not to be tracked (Do Not Track, Global Privacy Control) gets no reporter:
 * nothing is gathered and nothing sent. Nothing is written to cookies or storage.
 */

interface PrivacySignals {
  doNotTrack?: string | null;
  globalPrivacyControl?: boolean;
}

export function asksNotToBeTracked(signals: PrivacySignals): boolean {
  return signals.doNotTrack === '1' || signals.globalPrivacyControl === true;
}

let pageBatch: ScheduledBatch | null | undefined;

/** This page's batch, made on first use; null where the browser asks not to be tracked. */
function thisPagesBatch(): ScheduledBatch | null {
  if (pageBatch !== undefined) return pageBatch;
  if (asksNotToBeTracked(navigator as PrivacySignals)) return (pageBatch = null);
  const batch = new ScheduledBatch((report) => sendQuietly(FLOW_REPORT_PATH, JSON.stringify(report)));
  // Hidden is the last moment a phone's browser is sure to give; pagehide covers leaving.
  document.addEventListener('visibilitychange', () => document.visibilityState === 'hidden' && batch.flush());
  window.addEventListener('pagehide', () => batch.flush());
  return (pageBatch = batch);
}

/** An inspector adding one actor system's transitions to the page's report; undefined when nothing is reported. */
export function activityReporter(): ((inspection: InspectionEvent) => void) | undefined {
  if (typeof window === 'undefined') return undefined;
  return thisPagesBatch()?.inspector();
}

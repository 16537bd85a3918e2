import type { InspectionEvent } from 'xstate';
import { sendQuietly } from '~/lib/api-client';
import { FLOW_REPORT_PATH, REPORT_BATCH_MS } from '~/lib/flows/activity';
import { ActivityReader, ReportBatch } from '~/lib/flows/activity-batch';

/**
 * Flow activity in the browser (decision 190, docs/flows-activity.md): every flow actor's
 * transitions go into one batch per page, sent REPORT_BATCH_MS after its first row and at once
 * when the page is hidden or left (`visibilitychange`, `pagehide`), in a request nobody waits for.
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

let pageBatch: PageBatch | null | undefined;

class PageBatch {
  readonly batch = new ReportBatch();
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor() {
    // Hidden is the last moment a phone's browser is sure to give; pagehide covers leaving.
    document.addEventListener('visibilitychange', () => document.visibilityState === 'hidden' && this.send());
    window.addEventListener('pagehide', () => this.send());
  }

  /** After the batch grew: send when full, else within REPORT_BATCH_MS. */
  grew(): void {
    if (this.batch.isFull) this.send();
    else this.timer ??= setTimeout(() => this.send(), REPORT_BATCH_MS);
  }

  send(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    const report = this.batch.take();
    if (report) sendQuietly(FLOW_REPORT_PATH, JSON.stringify(report));
  }
}

/** This page's batch, made on first use; null where the browser asks not to be tracked. */
function thisPagesBatch(): PageBatch | null {
  if (pageBatch === undefined) pageBatch = asksNotToBeTracked(navigator as PrivacySignals) ? null : new PageBatch();
  return pageBatch;
}

/** An inspector adding one actor system's transitions to the page's report; undefined when nothing is reported. */
export function activityReporter(): ((inspection: InspectionEvent) => void) | undefined {
  if (typeof window === 'undefined') return undefined;
  const page = thisPagesBatch();
  if (!page) return undefined;
  const reader = new ActivityReader(page.batch);
  return (inspection) => {
    reader.read(inspection);
    if (!page.batch.isEmpty) page.grew();
  };
}

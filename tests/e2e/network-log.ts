import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext } from '@playwright/test';
import { baseURL, chromiumLaunch } from '../../playwright.config';

/**
 * A browser of its own whose every request is written by Chromium's own network log
 * (`--log-net-log`): what it sent, headers and body, as it went on the wire, including the
 * requests a page makes as it goes (a keep-alive report sent on `pagehide`), which Playwright's
 * request events never see once the page is gone. The log is read when the browser has closed.
 */
export interface SentRequest {
  method: string;
  path: string;
  /** The request's header lines as sent (`Name: value`). */
  headers: string[];
  /** The request line, headers and body, in bytes. */
  bytes: number;
  bodyBytes: number;
  /** The answer's status line, when one came. */
  answer?: string;
}

export interface LoggedBrowser {
  context: BrowserContext;
  /** Closes the browser and returns every HTTP request it sent. */
  close(): Promise<SentRequest[]>;
}

/**
 * `preferences` go into the fresh profile before Chromium starts (its own settings, such as
 * `enable_do_not_track`, as a rider would set them).
 */
export async function launchLoggedBrowser(preferences: Record<string, unknown> = {}): Promise<LoggedBrowser> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'paceline-netlog-'));
  const profile = path.join(dir, 'profile');
  const logFile = path.join(dir, 'netlog.json');
  mkdirSync(path.join(profile, 'Default'), { recursive: true });
  writeFileSync(path.join(profile, 'Default', 'Preferences'), JSON.stringify(preferences));
  const context = await chromium.launchPersistentContext(profile, {
    ...chromiumLaunch,
    baseURL,
    args: [...chromiumLaunch.args, `--log-net-log=${logFile}`, '--net-log-capture-mode=IncludeSensitive'],
  });
  return {
    context,
    async close() {
      await context.close();
      try {
        return readNetLog(readFileSync(logFile, 'utf8'));
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

interface NetLogEvent {
  type: number;
  source: { id: number };
  params?: { url?: string; method?: string; line?: string; headers?: string[] };
}

function readNetLog(text: string): SentRequest[] {
  // A log cut short (the browser killed) lacks its closing brackets: the events written still count.
  const log = JSON.parse(text.trimEnd().endsWith('}') ? text : `${text.trimEnd().replace(/,$/, '')}]}`) as {
    constants: { logEventTypes: Record<string, number> };
    events: NetLogEvent[];
  };
  const types = log.constants.logEventTypes;
  const bySource = new Map<number, Partial<SentRequest> & { url?: string }>();
  for (const event of log.events) {
    const request = bySource.get(event.source.id) ?? {};
    if (event.type === types.URL_REQUEST_START_JOB && event.params?.url) Object.assign(request, { url: event.params.url, method: event.params.method });
    if (event.type === types.HTTP_TRANSACTION_SEND_REQUEST_HEADERS && event.params?.headers) {
      const headers = event.params.headers;
      const bodyBytes = Number(headers.find((line) => /^content-length:/i.test(line))?.split(':')[1] ?? 0);
      const headerBytes = (event.params.line ?? '').length + headers.reduce((sum, line) => sum + line.length + 2, 0) + 2;
      Object.assign(request, { headers, bodyBytes, bytes: headerBytes + bodyBytes });
    }
    if (event.type === types.HTTP_TRANSACTION_READ_RESPONSE_HEADERS && event.params?.headers) request.answer = event.params.headers[0];
    bySource.set(event.source.id, request);
  }
  return [...bySource.values()]
    .filter((request) => request.url && request.headers)
    .map((request) => ({
      method: request.method ?? 'GET',
      path: new URL(request.url!).pathname,
      headers: request.headers!,
      bytes: request.bytes!,
      bodyBytes: request.bodyBytes!,
      answer: request.answer,
    }));
}

import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { PATHS_RUN_FILE } from '~/lib/flows/browser-paths';

/** What /flows shows of a machine's last browser run of its generated paths. */
export interface LastBrowserRun {
  paths: number;
  passed: number;
  failed: number;
  /** "2026-11-27 13:37 UTC" */
  finishedAt: string;
}

const RunFile = z.object({
  machines: z.record(z.object({ paths: z.number(), passed: z.number(), failed: z.number(), finishedAt: z.string() })),
});

/**
 * The last run of each machine's generated paths in the browser, from the file `npm run
 * test:paths` writes in the checkout (decision 185); null where none was written, as on a
 * production server, whose image has no test runs. Read on each visit: a run may finish while
 * the server is up, and /flows is a staff page, never kept.
 */
export async function lastBrowserRuns(file = path.resolve(PATHS_RUN_FILE)): Promise<Record<string, LastBrowserRun> | null> {
  const text = await readFile(file, 'utf8').catch(() => null);
  if (text === null) return null;
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return null;
  }
  const parsed = RunFile.safeParse(json);
  if (!parsed.success) return null;
  return Object.fromEntries(
    Object.entries(parsed.data.machines).map(([id, run]) => [
      id,
      { paths: run.paths, passed: run.passed, failed: run.failed, finishedAt: `${run.finishedAt.slice(0, 16).replace('T', ' ')} UTC` },
    ]),
  );
}

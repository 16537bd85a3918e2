import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { PathsRun } from '~/lib/flows/browser-paths';
import { lastBrowserRuns } from './paths-run.server';

const dir = mkdtempSync(path.join(tmpdir(), 'paceline-paths-run-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the last browser run of the generated paths, as /flows reads it', () => {
  it('is null where no run was written (a production server)', async () => {
    expect(await lastBrowserRuns(path.join(dir, 'absent.json'))).toBeNull();
  });

  it('gives each machine its paths, passed and failed, and when the run finished', async () => {
    const run: PathsRun = {
      machines: {
        toast: { finishedAt: '2026-11-27T13:37:12.345Z', paths: 3, passed: 2, failed: 1, states: [], transitions: [], failures: [{ path: 'x', error: 'y' }] },
      },
    };
    const file = path.join(dir, 'run.json');
    writeFileSync(file, JSON.stringify(run));
    expect(await lastBrowserRuns(file)).toEqual({ toast: { paths: 3, passed: 2, failed: 1, finishedAt: '2026-11-27 13:37 UTC' } });
  });

  it('is null for a file that is not a run (cut short while written, or something else)', async () => {
    const file = path.join(dir, 'broken.json');
    writeFileSync(file, '{"machines": {"toast": ');
    expect(await lastBrowserRuns(file)).toBeNull();
    writeFileSync(file, '{"machines": {"toast": {"paths": "three"}}}');
    expect(await lastBrowserRuns(file)).toBeNull();
  });
});

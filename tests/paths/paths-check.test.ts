import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

// `npm run paths -- --check` as QA and `npm test` run it: a child process on a catalogue module.
const outDir = mkdtempSync(join(tmpdir(), 'paceline-paths-'));
afterAll(() => rmSync(outDir, { recursive: true, force: true }));

function runPaths(catalogue: string) {
  return spawnSync('npx', ['tsx', 'scripts/paths.ts', '--check', '--out', outDir, '--catalogue', catalogue], {
    encoding: 'utf8',
    env: { ...process.env, NODE_OPTIONS: '' },
  });
}

describe('scripts/paths.ts --check', () => {
  it('fails on a machine with an unreachable transition and names it', () => {
    const result = runPaths('tests/fixtures/flows/unreachable-catalogue.ts');
    expect(result.status).toBe(1);
    expect(result.stdout).toMatch(/door\s+states 2\/2 \(100%\)\s+transitions 1\/2 \(50%\)/);
    expect(result.stdout).toContain('transition not covered: door.closed —UNLOCK#0→');
    expect(result.stderr).toContain('1 machine(s) are not fully covered');
  }, 60_000);

  it('passes on fully covered machines and writes Markdown and JSON per machine', () => {
    const result = runPaths('tests/fixtures/flows/complete-catalogue.ts');
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/signup\s+states 16\/16 \(100%\)\s+transitions 13\/13 \(100%\)\s+paths \d+/);
    expect(existsSync(join(outDir, 'signup.md'))).toBe(true);
    const json = JSON.parse(readFileSync(join(outDir, 'signup.json'), 'utf8'));
    expect(json.coverage.transitions.missing).toEqual([]);
    expect(json.paths[0].steps[0]).toHaveProperty('event.type');
  }, 60_000);
});

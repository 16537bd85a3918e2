import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { checkFrameworkPatches, missingPatches, patchMarkers } from './framework-patches.server';

/** Issue 34 item 5: the server knows whether the patches it relies on are installed. */
const PATCH = `diff --git a/node_modules/@scope/lib/dist/index.js b/node_modules/@scope/lib/dist/index.js
index 1111111..2222222 100644
--- a/node_modules/@scope/lib/dist/index.js
+++ b/node_modules/@scope/lib/dist/index.js
@@ -1,2 +1,4 @@
 function keep() {}
-function slow() { return copy(); }
+// Patched: fast
+function slow() { return copy(); }
+function fast() { return kept; }
diff --git a/node_modules/@scope/lib/dist/only-removes.js b/node_modules/@scope/lib/dist/only-removes.js
--- a/node_modules/@scope/lib/dist/only-removes.js
+++ b/node_modules/@scope/lib/dist/only-removes.js
@@ -1,2 +1,1 @@
 keep();
-drop();
`;

let root: string | undefined;
afterEach(() => {
  if (root) rmSync(root, { recursive: true, force: true });
  root = undefined;
  vi.restoreAllMocks();
});

function install(content: string | undefined) {
  root = mkdtempSync(path.join(tmpdir(), 'paceline-patches-'));
  mkdirSync(path.join(root, 'patches'));
  writeFileSync(path.join(root, 'patches', '@scope+lib+1.0.0.patch'), PATCH);
  if (content !== undefined) {
    mkdirSync(path.join(root, 'node_modules/@scope/lib/dist'), { recursive: true });
    writeFileSync(path.join(root, 'node_modules/@scope/lib/package.json'), '{ "name": "@scope/lib", "version": "1.0.0" }');
    writeFileSync(path.join(root, 'node_modules/@scope/lib/dist/index.js'), content);
  }
  return root;
}

describe('framework patches', () => {
  it('mark each file by the longest line the patch adds that its diff did not already hold', () => {
    expect(patchMarkers(PATCH)).toEqual([{ file: 'node_modules/@scope/lib/dist/index.js', marker: 'function fast() { return kept; }' }]);
  });

  it('are missing where a patched file lacks its marker, and not where the package is not installed', () => {
    expect(missingPatches(install('function keep() {}\n// Patched: fast\nfunction slow() { return copy(); }\nfunction fast() { return kept; }\n'))).toEqual([]);
    expect(missingPatches(install('function keep() {}\nfunction slow() { return copy(); }\n'))).toEqual(['@scope+lib+1.0.0.patch']);
    expect(missingPatches(install(undefined))).toEqual([]);
    const bare = install(undefined);
    rmSync(path.join(bare, 'patches'), { recursive: true });
    expect(missingPatches(bare)).toEqual(['patches/ (the folder is missing)']);
  });

  it('stop production from starting, and only warn elsewhere', () => {
    const unpatched = install('function keep() {}\n');
    expect(() => checkFrameworkPatches(true, unpatched)).toThrow(/framework patches are not applied \(@scope\+lib\+1\.0\.0\.patch\): install with `npm ci`/);
    const warned = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(() => checkFrameworkPatches(false, unpatched)).not.toThrow();
    expect(warned).toHaveBeenCalledOnce();
  });

  it("fail the install when one does not apply (package.json's postinstall, outside CI too)", () => {
    const unpatchable = install('function other() {}\n');
    writeFileSync(path.join(unpatchable, 'package.json'), '{ "name": "patched-app", "version": "1.0.0" }');
    // A well-formed patch whose context the installed file does not hold.
    writeFileSync(
      path.join(unpatchable, 'patches', '@scope+lib+1.0.0.patch'),
      [
        'diff --git a/node_modules/@scope/lib/dist/index.js b/node_modules/@scope/lib/dist/index.js',
        'index 1111111..2222222 100644',
        '--- a/node_modules/@scope/lib/dist/index.js',
        '+++ b/node_modules/@scope/lib/dist/index.js',
        '@@ -1,1 +1,2 @@',
        ' function keep() {}',
        '+function fast() { return kept; }',
        '',
      ].join('\n'),
    );
    const { postinstall } = (JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> }).scripts;
    // As on a developer's machine or in an image build: patch-package only warns there unless
    // told to fail (it fails on its own in CI and when NODE_ENV=test, as under this runner).
    const { NODE_ENV: _mode, ...outsideTests } = process.env;
    const installed = spawnSync('sh', ['-c', postinstall], {
      cwd: unpatchable,
      encoding: 'utf8',
      env: { ...outsideTests, CI: 'false', PATH: `${path.resolve('node_modules/.bin')}:${process.env.PATH}` } as unknown as NodeJS.ProcessEnv,
    });
    expect(installed.status, installed.stdout).not.toBe(0);
    expect(installed.stdout).toContain('Failed to apply patch for package @scope/lib');
  });

  it("are all applied in this checkout, each checked by at least one file's marker", () => {
    for (const name of readdirSync('patches')) expect(patchMarkers(readFileSync(path.join('patches', name), 'utf8')).length, name).toBeGreaterThan(0);
    expect(missingPatches()).toEqual([]);
  });
});

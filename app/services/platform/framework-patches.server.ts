import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The framework patches of `patches/` (decisions 150–162), which `patch-package` applies on every
 * install: the measured render path runs only with them (issue 34 item 5: an image built without
 * them served 9–70 % of the requests per second). Production refuses to start without them
 * (startup.server.ts).
 *
 * Each patched file is checked by one marker read from the patch itself, so a new patch is
 * checked without a list to keep: the longest line the patch adds that is neither removed nor
 * kept as context in that file's diff. A file holding its marker was patched; the scale test
 * (`npm run test:scale`) reverses the patches of an install and sees every patch reported.
 */
export interface PatchedFile {
  /** The file, relative to the app's folder (`node_modules/<package>/…`). */
  file: string;
  marker: string;
}

/** The files a patch (patch-package's unified diff) changes, each with its marker; files it only deletes from have none. */
export function patchMarkers(patch: string): PatchedFile[] {
  const files: PatchedFile[] = [];
  for (const section of patch.split(/^diff --git /m).slice(1)) {
    const file = /^\+\+\+ b\/(.+)$/m.exec(section)?.[1];
    if (!file) continue;
    const lines = section.split('\n').filter((line) => !line.startsWith('+++') && !line.startsWith('---'));
    const kept = new Set(lines.filter((line) => line.startsWith(' ') || line.startsWith('-')).map((line) => line.slice(1).trim()));
    const added = lines
      .filter((line) => line.startsWith('+'))
      .map((line) => line.slice(1).trim())
      .filter((line) => line && !kept.has(line));
    const marker = added.reduce<string | undefined>((longest, line) => (!longest || line.length > longest.length ? line : longest), undefined);
    if (marker) files.push({ file, marker });
  }
  return files;
}

/** `node_modules/@scope/name/…` or `node_modules/name/…` → the package's folder. */
function packageFolderOf(file: string): string {
  const parts = file.split('/');
  return parts.slice(0, parts[1]?.startsWith('@') ? 3 : 2).join('/');
}

/**
 * The patches of `<root>/patches` not applied in `<root>/node_modules`, by file name (a patch of
 * a package that is not installed, e.g. a development tool pruned from the image, is not relied
 * on). A missing `patches/` folder is reported too: without it nothing can be checked.
 */
export function missingPatches(root = process.cwd()): string[] {
  const folder = path.join(root, 'patches');
  if (!existsSync(folder)) return ['patches/ (the folder is missing)'];
  return readdirSync(folder)
    .filter((name) => name.endsWith('.patch'))
    .sort()
    .filter((name) =>
      patchMarkers(readFileSync(path.join(folder, name), 'utf8')).some(({ file, marker }) => {
        if (!existsSync(path.join(root, packageFolderOf(file), 'package.json'))) return false;
        const target = path.join(root, file);
        return !existsSync(target) || !readFileSync(target, 'utf8').includes(marker);
      }),
    );
}

/**
 * At start-up: in production a missing patch stops the server (its measured speed is not there);
 * elsewhere it is said once, and the server runs.
 */
export function checkFrameworkPatches(production: boolean, root = process.cwd()): void {
  const missing = missingPatches(root);
  if (missing.length === 0) return;
  const message = `The framework patches are not applied (${missing.join(', ')}): install with \`npm ci\`, which runs patch-package on patches/ (docs/deploy.md)`;
  if (production) throw new Error(message);
  console.warn(message);
}

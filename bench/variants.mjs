// Variants of Paceline measured beside it in one `npm run bench` run (BENCH_VARIANTS, issue 39):
// what a patch of patches/ or a change of the app's code gains on the render path, with bare Remix
// measured around both so drift on a shared machine cancels.
//
//   without:<patch>[&<patch>…]   the same build on a copy of node_modules with patches/<patch>.patch
//                     reversed (hard links, except the files the patches touch); several when one
//                     patch needs another (server-runtime's calls turbo-stream's encodeSettled)
//   build:<folder>    another production build (e.g. the previous commit's), same node_modules
//
// Each variant runs as its own server on its own copy of the database folder (PGlite is one
// process's), so Paceline and the variant are up together and alternate run by run.
import { spawnSync } from 'node:child_process';
import { copyFileSync, cpSync, mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import path from 'node:path';

/** The variants named in BENCH_VARIANTS (comma-separated), none when unset. */
export function variantSpecs(value = process.env.BENCH_VARIANTS) {
  return (value ?? '')
    .split(',')
    .map((spec) => spec.trim())
    .filter(Boolean)
    .map((spec) => {
      const [kind, ...rest] = spec.split(':');
      const name = rest.join(':');
      if ((kind !== 'without' && kind !== 'build') || !name) throw new Error(`BENCH_VARIANTS: "${spec}" is neither without:<patch> nor build:<folder>`);
      return { kind, name, title: kind === 'without' ? `without ${name}` : `build ${path.basename(name)}` };
    });
}

/** The files a patch-package patch changes, relative to the project (`node_modules/...`). */
function patchedFiles(patchText) {
  return [...patchText.matchAll(/^\+\+\+ b\/(\S+)/gm)].map((match) => match[1]);
}

/**
 * A folder to run server.mjs from for `variant`: its own server.mjs and build, and either a
 * node_modules with one patch reversed or the project's own.
 */
export function prepareVariant(root, work, variant, index) {
  const dir = path.join(work, `variant-${index}`);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  copyFileSync(path.join(root, 'server.mjs'), path.join(dir, 'server.mjs'));
  const build = variant.kind === 'build' ? path.resolve(root, variant.name) : path.join(root, 'build');
  cpSync(build, path.join(dir, 'build'), { recursive: true });
  if (variant.kind === 'build') {
    symlinkSync(path.join(root, 'node_modules'), path.join(dir, 'node_modules'));
    return dir;
  }
  const copied = spawnSync('cp', ['-al', path.join(root, 'node_modules'), path.join(dir, 'node_modules')]);
  if (copied.status !== 0) throw new Error(`could not link node_modules for ${variant.title}: ${copied.stderr}`);
  for (const name of variant.name.split('&')) {
    const patchText = readFileSync(path.join(root, 'patches', `${name}.patch`), 'utf8');
    // Hard links share the project's files: the ones the patch changes become copies first.
    for (const file of patchedFiles(patchText)) {
      const target = path.join(dir, file);
      rmSync(target);
      copyFileSync(path.join(root, file), target);
    }
    const reversed = spawnSync('patch', ['-R', '-p1', '-d', dir, '--no-backup-if-mismatch'], { input: patchText, encoding: 'utf8' });
    if (reversed.status !== 0) throw new Error(`could not reverse ${name}: ${reversed.stdout}${reversed.stderr}`);
  }
  return dir;
}

/**
 * A process's CPU time in milliseconds so far: the time each of its threads ran, in nanoseconds
 * (Linux /proc/<pid>/task/<thread>/schedstat). The clock-tick counters of /proc/<pid>/stat count in
 * 10 ms steps, too coarse for a server that gets a few hundred milliseconds of a shared core in
 * a run. Null where /proc is not there.
 */
export function cpuMsOf(pid) {
  try {
    let nanoseconds = 0;
    for (const task of readdirSync(`/proc/${pid}/task`)) {
      nanoseconds += Number(readFileSync(`/proc/${pid}/task/${task}/schedstat`, 'utf8').split(' ')[0]);
    }
    return nanoseconds / 1e6;
  } catch {
    return null;
  }
}

// The Dockerfile's steps, run in temporary folders instead of a container engine (none on this
// machine): `npm run test:scale` builds the image this way and starts what it yields, so the test
// follows the file. Each stage's WORKDIR is a folder of its own; COPY takes from the build context
// (the checkout, less what .dockerignore names) or from an earlier stage (`--from`); RUN runs in
// `sh` there with the stage's ENV. An instruction this cannot reproduce fails the build, so the
// file cannot drift from what is tested.
import { execFileSync, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export type Instruction = { keyword: string; args: string };

export interface Stage {
  name?: string;
  instructions: Instruction[];
}

/** The stages of a Dockerfile, its continuation lines joined and comments dropped. */
export function parseDockerfile(text: string): Stage[] {
  const stages: Stage[] = [];
  const logical = text
    .replace(/\\\n/g, ' ')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'));
  for (const line of logical) {
    const [, keyword, args] = /^(\S+)\s*(.*)$/.exec(line)!;
    const upper = keyword.toUpperCase();
    if (upper === 'FROM') stages.push({ name: /\sAS\s+(\S+)$/i.exec(args)?.[1], instructions: [] });
    if (!stages.length) throw new Error(`Dockerfile: ${upper} before FROM`);
    stages.at(-1)!.instructions.push({ keyword: upper, args });
  }
  return stages;
}

/** The ENV of a stage: `ENV A=1 B=2` (the form this Dockerfile uses). */
export function stageEnv(stage: Stage): Record<string, string> {
  const env: Record<string, string> = {};
  for (const { args } of stage.instructions.filter((instruction) => instruction.keyword === 'ENV')) {
    for (const pair of args.match(/\S+=("[^"]*"|\S*)/g) ?? []) {
      const at = pair.indexOf('=');
      env[pair.slice(0, at)] = pair.slice(at + 1).replace(/^"|"$/g, '');
    }
  }
  return env;
}

/** The stage's CMD in exec form. */
export function stageCommand(stage: Stage): string[] {
  const cmd = stage.instructions.findLast((instruction) => instruction.keyword === 'CMD');
  if (!cmd || !cmd.args.startsWith('[')) throw new Error('Dockerfile: the last stage has no CMD in exec form');
  return JSON.parse(cmd.args) as string[];
}

/** .dockerignore's patterns as one test (exact paths, `*`, `**`, `?`; a negation is not reproduced). */
function ignoredBy(context: string): (relative: string) => boolean {
  const file = path.join(context, '.dockerignore');
  const patterns = existsSync(file)
    ? readFileSync(file, 'utf8')
        .split('\n')
        .map((line) => line.trim().replace(/^\/+|\/+$/g, ''))
        .filter((line) => line && !line.startsWith('#'))
    : [];
  const expressions = patterns.map((pattern) => {
    if (pattern.startsWith('!')) throw new Error(`.dockerignore: the negation ${pattern} is not reproduced by tests/scale/image.ts`);
    const source = pattern
      .replace(/[.+^${}()|[\]\\]/g, '\\$&')
      .replace(/\*\*|\*|\?/g, (wildcard) => (wildcard === '**' ? '.*' : wildcard === '*' ? '[^/]*' : '[^/]'));
    // A pattern names a path and everything under it.
    return new RegExp(`^${source}(/.*)?$`);
  });
  return (relative) => expressions.some((expression) => expression.test(relative));
}

function run(command: string, cwd: string, env: NodeJS.ProcessEnv, log: (line: string) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn('sh', ['-c', command], { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let tail = '';
    const keep = (chunk: Buffer) => {
      tail = (tail + chunk.toString()).slice(-4000);
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`RUN ${command} exited ${code}:\n${tail}`))));
    log(`RUN ${command}`);
  });
}

export interface BuiltImage {
  /** The last stage's WORKDIR, as the image holds it. */
  folder: string;
  env: Record<string, string>;
  command: string[];
  /** Seconds each instruction took, in order. */
  steps: Array<{ instruction: string; seconds: number }>;
  remove(): void;
}

/**
 * Builds `dockerfile` from `context`. RUN steps get `npm_config_prefer_offline=true`: npm takes
 * packages from this machine's cache first (a container build would download them).
 */
export async function buildImage({
  context,
  dockerfile = 'Dockerfile',
  log = () => {},
}: {
  context: string;
  dockerfile?: string;
  log?: (line: string) => void;
}): Promise<BuiltImage> {
  const stages = parseDockerfile(readFileSync(path.join(context, dockerfile), 'utf8'));
  const root = mkdtempSync(path.join(tmpdir(), 'paceline-image-'));
  const ignored = ignoredBy(context);
  const folders = new Map<string, string>();
  const steps: BuiltImage['steps'] = [];
  let folder = '';
  let env: Record<string, string> = {};
  try {
    for (const [index, stage] of stages.entries()) {
      folder = path.join(root, `stage-${index}`);
      env = {};
      for (const instruction of stage.instructions) {
        const started = performance.now();
        const { keyword, args } = instruction;
        switch (keyword) {
          case 'FROM':
          case 'USER':
          case 'EXPOSE':
          case 'HEALTHCHECK':
          case 'CMD':
            // The base image is this machine's Node; the user, port, health check and command are the caller's.
            break;
          case 'WORKDIR':
            mkdirSync(folder, { recursive: true });
            if (stage.name) folders.set(stage.name, folder);
            break;
          case 'ENV':
            env = { ...env, ...stageEnv({ instructions: [instruction] }) };
            break;
          case 'COPY':
            copy(args, { context, folder, folders, ignored });
            break;
          case 'RUN':
            await run(args, folder, { ...process.env, ...env, npm_config_prefer_offline: 'true' }, log);
            break;
          default:
            throw new Error(`Dockerfile: ${keyword} is not reproduced by tests/scale/image.ts`);
        }
        steps.push({ instruction: `${keyword} ${args}`.slice(0, 80), seconds: (performance.now() - started) / 1000 });
      }
    }
  } catch (error) {
    rmSync(root, { recursive: true, force: true });
    throw error;
  }
  return { folder, env, command: stageCommand(stages.at(-1)!), steps, remove: () => rmSync(root, { recursive: true, force: true }) };
}

/** `COPY [--from=stage] [--chown=…] <source>… <destination>` into the stage's folder. */
function copy(args: string, where: { context: string; folder: string; folders: Map<string, string>; ignored: (relative: string) => boolean }) {
  const words = args.split(/\s+/);
  const from = words.find((word) => word.startsWith('--from='))?.slice('--from='.length);
  const [destination, ...sources] = words.filter((word) => !word.startsWith('--')).reverse();
  const target = path.resolve(where.folder, destination);
  if (from) {
    const stageFolder = where.folders.get(from);
    if (!stageFolder) throw new Error(`Dockerfile: COPY --from=${from} names no earlier stage`);
    // Only the stage's WORKDIR (/app) is reproduced: a source must be it.
    for (const source of sources) {
      if (source !== '/app') throw new Error(`Dockerfile: COPY --from=${from} ${source}: only the stage's WORKDIR /app is reproduced`);
      // Hard links: the earlier stage is not changed after this, and the copy takes no time.
      mkdirSync(target, { recursive: true });
      execFileSync('cp', ['-al', `${stageFolder}/.`, target]);
    }
    return;
  }
  const into = destination.endsWith('/') || sources.length > 1 || destination === '.';
  for (const source of sources) {
    const from = path.resolve(where.context, source);
    const relativeSource = path.relative(where.context, from);
    if (relativeSource.startsWith('..')) throw new Error(`Dockerfile: COPY ${source} leaves the build context`);
    const to = into && !statSync(from).isDirectory() ? path.join(target, path.basename(from)) : target;
    copyTree(from, to, relativeSource, where.ignored);
  }
}

function copyTree(from: string, to: string, relative: string, ignored: (relative: string) => boolean): void {
  if (relative && ignored(relative)) return;
  if (!statSync(from).isDirectory()) {
    mkdirSync(path.dirname(to), { recursive: true });
    cpSync(from, to);
    return;
  }
  mkdirSync(to, { recursive: true });
  for (const name of readdirSync(from)) copyTree(path.join(from, name), path.join(to, name), relative ? `${relative}/${name}` : name, ignored);
}

import { readdirSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { AnyBinding } from './binding';

/**
 * Bindings are found by name: `app/**\/<machine-id>.paths.ts`, beside the screen that shows the
 * machine, each exporting `defineBinding(...)` as its default. Adding a machine's bindings is
 * adding that one file; nothing lists them.
 */
const BINDING_SUFFIX = '.paths.ts';

/** Every binding file under `root`, by the catalogue id its name gives. */
export function bindingFiles(root = 'app'): Map<string, string> {
  const files = new Map<string, string>();
  for (const name of readdirSync(root, { recursive: true, encoding: 'utf8' })) {
    if (!name.endsWith(BINDING_SUFFIX)) continue;
    const id = path.basename(name, BINDING_SUFFIX);
    const file = path.join(root, name);
    const other = files.get(id);
    if (other) throw new Error(`Two bindings for ${id}: ${other} and ${file}`);
    files.set(id, file);
  }
  return files;
}

export async function loadBindings(root = 'app'): Promise<Map<string, { file: string; binding: AnyBinding }>> {
  const loaded = new Map<string, { file: string; binding: AnyBinding }>();
  for (const [id, file] of bindingFiles(root)) {
    const module = (await import(pathToFileURL(path.resolve(file)).href)) as { default?: AnyBinding };
    if (!module.default) throw new Error(`${file} has no default export: export default defineBinding(machine, { … })`);
    loaded.set(id, { file, binding: module.default });
  }
  return loaded;
}

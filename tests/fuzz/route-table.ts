import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';

/**
 * Every route of app/routes, read from the folder (Remix's flat routes), so a new route is
 * fuzzed without editing the suite: its URL pattern, its parameters and its module.
 */
const ROUTES_DIR = path.resolve('app/routes');

export interface RouteModule {
  action?: (args: ActionFunctionArgs) => unknown;
  loader?: (args: LoaderFunctionArgs) => unknown;
}

export interface RouteEntry {
  /** The route id as Remix names it (the folder or file name without extension). */
  id: string;
  file: string;
  source: string;
  /** Segments: literal text, or a parameter (`:id`, `:source?` optional, `*` splat). */
  segments: Array<{ literal: string } | { param: string; optional: boolean }>;
  params: string[];
  load: () => Promise<RouteModule>;
}

const MODULE_FILE = /\.(tsx?|jsx?)$/;

function routeFile(entry: string): string | null {
  const full = path.join(ROUTES_DIR, entry);
  if (statSync(full).isDirectory()) {
    const inside = ['route.tsx', 'route.ts'].map((name) => path.join(full, name)).find((candidate) => existsSync(candidate));
    return inside ?? null;
  }
  return MODULE_FILE.test(entry) ? full : null;
}

/** `event.$id_.phone` → /event/:id/phone; `flows.$id.definition[.json]` → /flows/:id/definition.json. */
function segmentsOf(id: string): RouteEntry['segments'] {
  const parts = id.replace(/\[\.\]/g, '\u0001').split(/\.(?![^[]*\])/);
  const segments: RouteEntry['segments'] = [];
  for (const raw of parts) {
    const part = raw.replaceAll('\u0001', '.').replace(/_$/, '');
    if (part === '_index' || part === '' || part.startsWith('_')) continue;
    const optional = /^\((.*)\)$/.exec(part);
    const inner = optional ? optional[1] : part;
    if (inner === '$') segments.push({ param: '*', optional: false });
    else if (inner.startsWith('$')) segments.push({ param: inner.slice(1), optional: Boolean(optional) });
    else segments.push({ literal: inner.replace(/\[(.*?)\]/g, '$1') });
  }
  return segments;
}

export function routeTable(): RouteEntry[] {
  return readdirSync(ROUTES_DIR)
    .sort()
    .flatMap((entry) => {
      const file = routeFile(entry);
      if (!file) return [];
      const id = statSync(path.join(ROUTES_DIR, entry)).isDirectory() ? entry : entry.replace(MODULE_FILE, '');
      const segments = segmentsOf(id);
      const params = segments.flatMap((segment) => ('param' in segment ? [segment.param] : []));
      return [{ id, file, source: readFileSync(file, 'utf8'), segments, params, load: () => import(/* @vite-ignore */ file) as Promise<RouteModule> }];
    });
}

/** The URL of a route with these parameter values (each encoded as one path segment). */
export function urlOf(route: RouteEntry, values: Record<string, string>, origin = 'http://localhost:3000'): string {
  const path = route.segments.map((segment) => ('literal' in segment ? segment.literal : encodeURIComponent(values[segment.param] ?? ''))).join('/');
  return `${origin}/${path}`;
}

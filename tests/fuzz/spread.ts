import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Identity } from './harness';
import { CONTENT_TYPES, INPUT_KINDS, type Probe } from './probe-arbitrary';

/**
 * What the fuzz suite generated, counted per route × identity × input kind × content type (and
 * method), so a generator that quietly sends one kind of input shows it: printed as a matrix of
 * kinds by content types, totals per identity and method, and one line per route; written whole
 * to tests/.tmp/fuzz-spread.csv (fuzz-spread-postgres.csv on PostgreSQL).
 */
const SHORT_KIND: Record<(typeof INPUT_KINDS)[number], string> = {
  'schema values': 'schema',
  'odd body': 'body',
  'odd query': 'query',
  'odd path': 'path',
  'odd header': 'header',
  'out-of-range number': 'number',
  'no body': 'empty',
};

export class Spread {
  private readonly counts = new Map<string, number>();
  private readonly routeKinds = new Map<string, 'page' | 'resource'>();

  add(route: string, routeKind: 'page' | 'resource', identity: Identity, probe: Probe): void {
    this.routeKinds.set(route, routeKind);
    const key = [route, identity, probe.kind, probe.contentType, probe.method].join('\t');
    this.counts.set(key, (this.counts.get(key) ?? 0) + 1);
  }

  get total(): number {
    return this.sum(() => true);
  }

  /** How many probes matched: by route, identity, input kind, content type, method. */
  sum(match: (route: string, identity: string, kind: string, contentType: string, method: string) => boolean): number {
    let total = 0;
    for (const [key, count] of this.counts) {
      const [route, identity, kind, contentType, method] = key.split('\t');
      if (match(route, identity, kind, contentType, method)) total += count;
    }
    return total;
  }

  report(header: string): string {
    const lines = [header, '', 'Input kind × content type (every route and identity):'];
    const width = Math.max(...INPUT_KINDS.map((kind) => kind.length)) + 2;
    lines.push(`${''.padEnd(width)}${CONTENT_TYPES.map((type) => type.padStart(16)).join('')}${'total'.padStart(8)}`);
    for (const kind of INPUT_KINDS) {
      const cells = CONTENT_TYPES.map((type) => String(this.sum((_r, _i, k, t) => k === kind && t === type)).padStart(16));
      lines.push(`${kind.padEnd(width)}${cells.join('')}${String(this.sum((_r, _i, k) => k === kind)).padStart(8)}`);
    }
    const by = (label: string, values: string[], pick: (parts: string[]) => string) =>
      `${label}: ${values.map((value) => `${value} ${this.sum((...parts) => pick(parts) === value)}`).join(', ')}`;
    lines.push(
      '',
      by('Identity', ['visitor', 'rider', 'child', 'staff'], (parts) => parts[1]),
    );
    lines.push(by('Method', ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'], (parts) => parts[4]));
    lines.push('', `Per route (identities; input kinds: ${INPUT_KINDS.map((kind) => SHORT_KIND[kind]).join(' ')}; content types):`);
    for (const route of [...this.routeKinds.keys()].sort()) {
      const here = (test: (parts: string[]) => boolean) => this.sum((...parts) => parts[0] === route && test(parts));
      const identities = ['visitor', 'rider', 'child', 'staff'].map((identity) => `${identity[0]}${here((parts) => parts[1] === identity)}`).join(' ');
      const kinds = INPUT_KINDS.map((kind) => `${SHORT_KIND[kind]} ${here((parts) => parts[2] === kind)}`).join(' ');
      const types = CONTENT_TYPES.map((type) => `${type} ${here((parts) => parts[3] === type)}`).join(' ');
      lines.push(`  ${route} (${this.routeKinds.get(route)}) ${here(() => true)}: ${identities} | ${kinds} | ${types}`);
    }
    return lines.join('\n');
  }

  /** One file per engine: `npm test` runs the PGlite and the PostgreSQL suites at once. */
  writeCsv(file = path.resolve(process.env.TEST_DATABASE_URL ? 'tests/.tmp/fuzz-spread-postgres.csv' : 'tests/.tmp/fuzz-spread.csv')): void {
    mkdirSync(path.dirname(file), { recursive: true });
    const rows = [...this.counts].map(([key, count]) => `${key.split('\t').join(',')},${count}`);
    writeFileSync(file, ['route,identity,input kind,content type,method,count', ...rows.sort()].join('\n') + '\n');
  }
}

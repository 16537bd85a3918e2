import path from 'node:path';
import fc from 'fast-check';
import { z, type ZodTypeAny } from 'zod';
import { PAGE_POST_MAX_BYTES } from '~/services/platform/security.server';
import type { RouteEntry, RouteModule } from './route-table';

/**
 * Form posts for a route, generated from its Zod schemas (the ones its source parses with,
 * found by name in the route module or the module it imports them from, or, when the schema is
 * local and unexported, its keys read from the source) plus the field names its form renders,
 * mixed with hostile values and hostile bodies (issue 15 item 9).
 */
export type FormValues = Record<string, string>;

const SCHEMA_USE = [/schema:\s*([A-Z]\w*)/g, /([A-Z]\w*)\.safeParse(?:Async)?\(/g, /([A-Z]\w*)\.parse(?:Async)?\(/g];

function schemaNames(source: string): string[] {
  const names = new Set<string>();
  for (const pattern of SCHEMA_USE) for (const match of source.matchAll(pattern)) names.add(match[1]);
  return [...names];
}

function importedFrom(source: string, name: string): string | null {
  for (const match of source.matchAll(/import\s*(?:type\s*)?\{([^}]*)\}\s*from\s*'([^']+)'/g)) {
    const names = match[1].split(',').map((item) =>
      item
        .trim()
        .split(/\s+as\s+/)
        .pop(),
    );
    if (names.includes(name)) return match[2];
  }
  return null;
}

function isZod(value: unknown): value is ZodTypeAny {
  return value instanceof z.ZodType;
}

/** Keys of a local `const Name = z.object({ ... })` (or `.extend`), read from the source. */
function localKeys(source: string, name: string): string[] {
  const start = source.search(new RegExp(`const ${name}\\b[^=]*=`));
  if (start < 0) return [];
  const text = source.slice(start, start + 2_000);
  return [...text.matchAll(/^\s{2,}(\w+):\s*z\./gm)].map((match) => match[1]);
}

export async function routeSchemas(route: RouteEntry, module: RouteModule): Promise<{ schemas: ZodTypeAny[]; keys: string[] }> {
  const schemas: ZodTypeAny[] = [];
  const keys: string[] = [];
  for (const name of schemaNames(route.source)) {
    const own = (module as Record<string, unknown>)[name];
    if (isZod(own)) {
      schemas.push(own);
      continue;
    }
    const from = importedFrom(route.source, name);
    if (from) {
      const specifier = from.startsWith('.') ? path.resolve(path.dirname(route.file), from) : from;
      const imported = ((await import(/* @vite-ignore */ specifier)) as Record<string, unknown>)[name];
      if (isZod(imported)) schemas.push(imported);
      continue;
    }
    keys.push(...localKeys(route.source, name));
  }
  return { schemas, keys };
}

/** Field names the route's form renders or its action reads. */
export function renderedFields(source: string): string[] {
  const names = new Set<string>();
  for (const match of source.matchAll(/name=["'{]\s*["']?([\w[\].-]+)["']/g)) names.add(match[1]);
  for (const match of source.matchAll(/\.get(?:All)?\(\s*'([\w[\].-]+)'\s*\)/g)) names.add(match[1]);
  return [...names];
}

export const hostileText = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom(
    '\u0000',
    'a\u0000b',
    '%00',
    '/\t/evil.example',
    '//evil.example',
    '\r\nSet-Cookie: x=1',
    "' or 1=1 --",
    '<script>alert(1)</script>',
    'x'.repeat(20_000),
    '-1',
    '0',
    '9223372036854775808',
    '1e308',
    'NaN',
    '00000000-0000-0000-0000-000000000000',
    '../../etc/passwd',
    'on',
    'true',
    '',
  ),
  fc.emailAddress(),
  fc.integer().map(String),
  fc.double().map(String),
);

function unwrap(schema: ZodTypeAny): ZodTypeAny {
  let inner = schema;
  for (;;) {
    const def = inner._def as { innerType?: ZodTypeAny; schema?: ZodTypeAny; in?: ZodTypeAny; type?: ZodTypeAny };
    if (inner instanceof z.ZodEffects && def.schema) inner = def.schema;
    else if (
      (inner instanceof z.ZodOptional || inner instanceof z.ZodNullable || inner instanceof z.ZodDefault || inner instanceof z.ZodCatch) &&
      def.innerType
    )
      inner = def.innerType;
    else if (inner instanceof z.ZodPipeline && def.in) inner = def.in;
    else if (inner instanceof z.ZodBranded && def.type) inner = def.type;
    else return inner;
  }
}

/** A value a form field of this type could carry, valid or nearly so. */
function fieldValue(schema: ZodTypeAny): fc.Arbitrary<string> {
  const inner = unwrap(schema);
  if (inner instanceof z.ZodEnum || inner instanceof z.ZodNativeEnum)
    return fc.constantFrom(...(Object.values(inner._def.values as object) as string[]).map(String));
  if (inner instanceof z.ZodLiteral) return fc.constant(String(inner._def.value));
  if (inner instanceof z.ZodBoolean) return fc.constantFrom('on', 'true', 'false');
  if (inner instanceof z.ZodNumber || inner instanceof z.ZodBigInt)
    return fc.oneof(fc.integer({ min: -5, max: 500 }).map(String), fc.double({ noNaN: true }).map(String));
  if (inner instanceof z.ZodDate) return fc.date({ noInvalidDate: true }).map((date) => date.toISOString().slice(0, 10));
  if (inner instanceof z.ZodString) {
    const checks = (inner._def.checks as Array<{ kind: string }>).map((check) => check.kind);
    if (checks.includes('email')) return fc.emailAddress();
    if (checks.includes('uuid')) return fc.uuid();
    if (checks.includes('url')) return fc.webUrl();
    return fc.string({ minLength: 1, maxLength: 30 });
  }
  return fc.string({ maxLength: 20 });
}

/** Objects the schema describes (unions: each branch), as form values. */
function schemaForms(schema: ZodTypeAny): fc.Arbitrary<FormValues>[] {
  const inner = unwrap(schema);
  if (inner instanceof z.ZodObject) {
    const shape = inner.shape as Record<string, ZodTypeAny>;
    const record: Record<string, fc.Arbitrary<string>> = {};
    for (const [key, field] of Object.entries(shape))
      record[key] = fc.oneof({ weight: 3, arbitrary: fieldValue(field) }, { weight: 1, arbitrary: hostileText });
    return [
      fc
        .record(record, { requiredKeys: [] })
        .map((form) => Object.fromEntries(Object.entries(form).filter((entry): entry is [string, string] => entry[1] !== undefined))),
    ];
  }
  if (inner instanceof z.ZodUnion || inner instanceof z.ZodDiscriminatedUnion) {
    const options = (inner._def.options as ZodTypeAny[] | Map<unknown, ZodTypeAny>) ?? [];
    return [...(options instanceof Map ? options.values() : options)].flatMap(schemaForms);
  }
  if (inner instanceof z.ZodIntersection) return [...schemaForms(inner._def.left), ...schemaForms(inner._def.right)];
  return [];
}

/** Form values for a route: schema-shaped, or any of its field names with hostile values. */
export function formValues({ schemas, keys }: { schemas: ZodTypeAny[]; keys: string[] }, source: string): fc.Arbitrary<FormValues> {
  const fields = [...new Set([...keys, ...renderedFields(source), 'intent', 'altcha', 'redirectTo'])];
  const loose = fc.dictionary(fc.oneof(fc.constantFrom(...fields), fc.string({ maxLength: 8 })), hostileText, { maxKeys: 8 });
  return fc.oneof(...schemas.flatMap(schemaForms), loose);
}

export type Post = { body: () => BodyInit | null; headers: Record<string, string>; kind: string };

/** A chunked body a little over the page-post cap, produced as it is read (never held whole). */
function oversizeBody(): ReadableStream<Uint8Array> {
  const chunk = new Uint8Array(1024 * 1024).fill(0x61);
  let sent = 0;
  return new ReadableStream({
    pull(controller) {
      if (sent > PAGE_POST_MAX_BYTES) controller.close();
      else {
        controller.enqueue(chunk);
        sent += chunk.byteLength;
      }
    },
  });
}

/** A post of these values in one of the ways a client could send it, most of them hostile. */
export function posts(values: fc.Arbitrary<FormValues>, fieldNames: string[]): fc.Arbitrary<Post> {
  const urlencoded = values.map((form): Post => ({
    kind: 'urlencoded',
    body: () => new URLSearchParams(form).toString(),
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
  }));
  const multipart = values.map((form): Post => {
    const data = new FormData();
    for (const [name, value] of Object.entries(form)) data.append(name, value);
    return { kind: 'multipart', body: () => data, headers: {} };
  });
  const withFile = values.map((form): Post => {
    const data = new FormData();
    for (const [name, value] of Object.entries(form)) data.append(name, value);
    data.append(fieldNames.find((name) => /file|proof|image|avatar/i.test(name)) ?? 'file', new Blob([new Uint8Array([0, 1, 2, 3])]), 'x.fit');
    return { kind: 'multipart with a file', body: () => data, headers: {} };
  });
  const truncated = fc.tuple(fc.constantFrom(...fieldNames, 'x'), fc.string({ maxLength: 20 })).map(([name, value]): Post => ({
    kind: 'truncated multipart',
    body: () => `--b\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}`,
    headers: { 'Content-Type': 'multipart/form-data; boundary=b' },
  }));
  const wrongType = fc.tuple(fc.constantFrom('application/json', 'text/plain', 'application/xml', ''), fc.json()).map(([type, json]): Post => ({
    kind: `body as ${type || 'no content type'}`,
    body: () => json,
    headers: type ? { 'Content-Type': type } : {},
  }));
  const oversize = fc.constant<Post>({ kind: 'oversize', body: oversizeBody, headers: { 'Content-Type': 'application/x-www-form-urlencoded' } });
  const nul = values.map((form): Post => ({
    kind: 'NUL',
    body: () => new URLSearchParams({ ...form, [fieldNames[0] ?? 'x']: 'a\u0000b' }).toString(),
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
  }));
  const foreign = urlencoded.map((sent): Post => ({ ...sent, kind: 'foreign Origin', headers: { ...sent.headers, Origin: 'https://evil.example' } }));
  // Issue 25: the Host and the Origin as a client chooses them (the site's origin in tests is
  // http://localhost:3000), and HTTP Basic credentials that are not valid %-encoding.
  const hosts = fc
    .tuple(urlencoded, fc.constantFrom('127.0.0.1:3000', '[::1]:3000', 'localhost:3955', 'evil.example', 'internal-proxy:8080'))
    .chain(([sent, host]) =>
      fc.constantFrom<Post>(
        { ...sent, kind: `site Origin, Host ${host}`, headers: { ...sent.headers, Host: host, Origin: 'http://localhost:3000' } },
        { ...sent, kind: `Host and Origin both ${host}`, headers: { ...sent.headers, Host: host, Origin: `http://${host}` } },
        { ...sent, kind: `site Origin, X-Forwarded-Host ${host}`, headers: { ...sent.headers, Origin: 'http://localhost:3000', 'X-Forwarded-Host': host } },
      ),
    );
  const brokenBasic = fc.tuple(urlencoded, fc.constantFrom('%zz:x', 'id:%', '%E0%A4%A:secret', '%:%')).map(([sent, credentials]): Post => ({
    ...sent,
    kind: `Basic ${credentials}`,
    headers: { ...sent.headers, Authorization: `Basic ${Buffer.from(credentials).toString('base64')}` },
  }));
  return fc.oneof(
    { weight: 4, arbitrary: urlencoded },
    { weight: 2, arbitrary: multipart },
    { weight: 1, arbitrary: withFile },
    { weight: 1, arbitrary: truncated },
    { weight: 1, arbitrary: wrongType },
    { weight: 1, arbitrary: nul },
    { weight: 1, arbitrary: foreign },
    { weight: 1, arbitrary: hosts },
    { weight: 1, arbitrary: brokenBasic },
    { weight: 1, arbitrary: oversize },
  );
}

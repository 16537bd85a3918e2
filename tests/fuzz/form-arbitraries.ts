import path from 'node:path';
import fc from 'fast-check';
import { z, type ZodTypeAny } from 'zod';
import type { RouteEntry, RouteModule } from './route-table';

/**
 * Form values for a route, generated from its Zod schemas (the ones its source parses with,
 * found by name in the route module or the module it imports them from, or, when the schema is
 * local and unexported, its keys read from the source) plus the field names its form renders
 * (issue 15 item 9). The requests that carry them are probe-arbitrary.ts's.
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
    for (const [key, field] of Object.entries(shape)) record[key] = fieldValue(field);
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

/** Plain text a field of unknown type might take. */
const plainText = fc.oneof(
  fc.string({ maxLength: 30 }),
  fc.emailAddress(),
  fc.integer({ min: -5, max: 500 }).map(String),
  fc.constantFrom('on', 'true', 'submit', ''),
);

/**
 * Form values for a route, as a client that means well would send them: shaped by its schemas,
 * or its field names with plain text. Odd values are the probes' to add (probe-arbitrary.ts).
 */
export function formValues({ schemas, keys }: { schemas: ZodTypeAny[]; keys: string[] }, source: string): fc.Arbitrary<FormValues> {
  const fields = [...new Set([...keys, ...renderedFields(source), 'intent', 'altcha', 'redirectTo'])];
  const loose = fc.dictionary(fc.constantFrom(...fields), plainText, { maxKeys: 8 });
  return fc.oneof(...schemas.flatMap(schemaForms), loose);
}

/** The fields of the schemas that take a number: where an out-of-range one goes. */
export function numericFields(schemas: ZodTypeAny[]): string[] {
  return schemas.flatMap((schema) => {
    const inner = unwrap(schema);
    if (!(inner instanceof z.ZodObject)) return [];
    return Object.entries(inner.shape as Record<string, ZodTypeAny>).flatMap(([key, field]) => {
      const type = unwrap(field);
      return type instanceof z.ZodNumber || type instanceof z.ZodBigInt ? [key] : [];
    });
  });
}

/** The query parameters a route's source reads (`searchParams.get('x')`). */
export function queryNames(source: string): string[] {
  return [...new Set([...source.matchAll(/searchParams\.get(?:All)?\(\s*'([\w.[\]-]+)'\s*\)/g)].map((match) => match[1]))];
}

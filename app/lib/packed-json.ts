/**
 * A value carried in a page's data as its JSON text (issue 21). Remix writes loader data value
 * by value (turbo-stream: each value flattened, indexed and escaped), which for the shell's menus
 * and footer — the same ~300 values on every page — was most of the data of most documents. As
 * JSON text it is one string for turbo-stream; the page reads it back through `unpackJson`, which
 * keeps the last few texts it parsed, so a server answering many pages with the same shell parses
 * it once, and a browser keeps the same object across navigations while it does not change.
 */
export type PackedJson<T> = string & { readonly __packed?: T };

export function packJson<T>(value: T): PackedJson<T> {
  return JSON.stringify(value) as PackedJson<T>;
}

/** The shell, and room for a few others: parsed values are small, texts distinct per content version. */
const KEPT = 8;
const parsed = new Map<string, unknown>();

export function unpackJson<T>(packed: PackedJson<T> | string): T {
  const kept = parsed.get(packed);
  if (kept !== undefined) return kept as T;
  const value = JSON.parse(packed) as T;
  if (parsed.size >= KEPT) parsed.delete(parsed.keys().next().value as string);
  parsed.set(packed, value);
  return value;
}

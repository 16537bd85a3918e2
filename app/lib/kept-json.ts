/**
 * A value that changes only with the CMS yet goes out with every page (the shell's menus and
 * footer), sent as one JSON string in the page's data. turbo-stream flattens an object value by
 * value on every request (the shell's 4 kB were ~0.1 ms of each document, issue 21); a string it
 * copies once. The string is made once per value, so a request pays nothing for it.
 */
export interface KeptJson<Value> {
  json: string;
  /** Only there to tie the string to its value's type. */
  readonly __value?: Value;
}

const keptOf = new WeakMap<object, KeptJson<unknown>>();
/** The value each kept string was made from, in the process that made it: the server's render reads it back as is. */
const valueOfKept = new WeakMap<object, unknown>();
/** In the browser, the last string parsed: the same content gives the same object on every navigation. */
let lastParsed: { json: string; value: unknown } | undefined;

/** The same kept string for the same object (the shell's loader answers one object while the CMS does). */
export function keptJson<Value extends object>(value: Value): KeptJson<Value> {
  let kept = keptOf.get(value);
  if (!kept) {
    kept = { json: JSON.stringify(value) };
    keptOf.set(value, kept);
    valueOfKept.set(kept, value);
  }
  return kept as KeptJson<Value>;
}

export function readKeptJson<Value>(kept: KeptJson<Value>): Value {
  if (valueOfKept.has(kept)) return valueOfKept.get(kept) as Value;
  if (lastParsed?.json !== kept.json) lastParsed = { json: kept.json, value: JSON.parse(kept.json) };
  return lastParsed.value as Value;
}

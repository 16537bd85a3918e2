/**
 * A value that changes only with the CMS yet goes out with every page (the shell's menus and
 * footer). turbo-stream flattens an object value by value on every request (the shell's 4 kB were
 * ~0.1 ms of each document, issue 21); a string it copies once, so a data request carries the
 * value as one JSON string, made once per value. A document carries it once more cheaply: in a
 * JSON script of its own, written once per value (decision 162), where the page's data would
 * have escaped the string twice (once for turbo-stream, once for the script that carries it).
 */
export type KeptJson<Value> = (
  | { json: string }
  /** The value is in the document's script `kept-json-<script>` (`KeptJsonScript`). */
  | { script: string }
) & {
  /** Only there to tie the kept form to its value's type. */
  readonly __value?: Value;
};

const keptOf = new WeakMap<object, KeptJson<unknown>>();
const inDocumentOf = new WeakMap<object, Map<string, KeptJson<unknown>>>();
/** The value each kept form was made from, in the process that made it: the server's render reads it back as is. */
const valueOfKept = new WeakMap<object, unknown>();
/** A document's script text for each kept form sent by reference, made once with it. */
const scriptTextOf = new WeakMap<object, string>();
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

/**
 * The value sent in the document's script named `script` instead of in its data: the data names
 * the script, and the root's layout writes it (`KeptJsonScript`). Only for a document's render:
 * a data request has no script to read.
 */
export function keptJsonInDocument<Value extends object>(value: Value, script: string): KeptJson<Value> {
  let byScript = inDocumentOf.get(value);
  if (!byScript) inDocumentOf.set(value, (byScript = new Map<string, KeptJson<unknown>>()));
  let kept = byScript.get(script);
  if (!kept) {
    kept = { script };
    byScript.set(script, kept);
    valueOfKept.set(kept, value);
    scriptTextOf.set(kept, scriptSafeJson(value));
  }
  return kept as KeptJson<Value>;
}

export function readKeptJson<Value>(kept: KeptJson<Value>): Value {
  if (valueOfKept.has(kept)) return valueOfKept.get(kept) as Value;
  const json = 'json' in kept ? kept.json : documentScriptText(kept.script);
  if (lastParsed?.json !== json) lastParsed = { json, value: JSON.parse(json) };
  return lastParsed.value as Value;
}

/** The text of the script that carries `kept`: made with it on the server, the document's own in the browser. */
export function keptJsonScriptText(kept: KeptJson<unknown>): string | null {
  if (!('script' in kept)) return null;
  return scriptTextOf.get(kept) ?? documentScriptText(kept.script);
}

export function keptJsonScriptId(script: string): string {
  return `kept-json-${script}`;
}

/** Scripts' texts as the document arrived with them (read once: the script may leave the page after). */
const documentScripts = new Map<string, string>();

function documentScriptText(script: string): string {
  let text = documentScripts.get(script);
  if (text === undefined) {
    const element = typeof document === 'undefined' ? null : document.getElementById(keptJsonScriptId(script));
    if (!element?.textContent) throw new Error(`The document has no script ${keptJsonScriptId(script)} to read its kept value from`);
    text = element.textContent;
    documentScripts.set(script, text);
  }
  return text;
}

/** JSON that cannot end its script or open markup inside it: `<`, `>`, `&` and the two JS line separators as escapes. */
function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

import * as React from 'react';
import { Fragment, isValidElement, type ReactElement, type ReactNode } from 'react';

/**
 * The HTML React's server renderer writes for a tree of plain markup, written by a loop over the
 * elements instead (decision 161). React handles every element as a task of its renderer (tree
 * context for ids, a segment, a switch over props) at about 0.7 µs each; the ACTIVITIES tab's
 * 20 rides are ~380 elements, a quarter of that page's time. What is plain: host elements outside
 * a short list of special ones, attributes React writes as they are, text, arrays, fragments and
 * components that use no hook. Anything else anywhere in the tree answers null, and the caller
 * lets React render the tree in place, so the markup is React's in every case (tests compare).
 */
export function plainMarkup(node: ReactNode): string | null {
  const out: string[] = [];
  // Called inside React's render: a component calling a hook here would join the caller's hooks.
  // With no dispatcher it throws instead, and React renders the tree.
  const dispatcher = reactDispatcher();
  const inRender = dispatcher.current;
  dispatcher.current = null;
  try {
    return write(node, out, { text: false }) ? out.join('') : null;
  } catch {
    return null;
  } finally {
    dispatcher.current = inRender;
  }
}

/** React 18's hook dispatcher: null outside a render, where every hook throws. */
function reactDispatcher(): { current: unknown } {
  const internals = (React as unknown as Record<string, { ReactCurrentDispatcher: { current: unknown } }>).__SECRET_INTERNALS_DO_NOT_USE_OR_YOU_WILL_BE_FIRED;
  return internals.ReactCurrentDispatcher;
}

/** Whether the last thing written in the current parent was text (React separates two with a comment). */
interface Cursor {
  text: boolean;
}

const VOID = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'source', 'track', 'wbr']);
/** Tags React writes its own way (values, options, raw text, namespaces, the document) are not plain. */
const SPECIAL = new Set(['select', 'option', 'textarea', 'style', 'script', 'noscript', 'svg', 'math', 'html', 'head', 'body', 'title', 'meta', 'link', 'base', 'template', 'iframe']);
const RENAMED: Record<string, string> = { className: 'class', htmlFor: 'for', tabIndex: 'tabindex' };
/** Boolean attributes: written as `name=""` when true, left out when false. */
const BOOLEAN: Record<string, string> = { disabled: 'disabled', hidden: 'hidden', required: 'required', readOnly: 'readonly', multiple: 'multiple', open: 'open', checked: 'checked' };
/** Lowercase names React treats as numbers or overloaded booleans: not plain. */
const NUMERIC_OR_OVERLOADED = new Set(['cols', 'rows', 'size', 'span', 'start', 'download', 'capture', 'value']);
const PLAIN_NAME = /^[a-z][a-z0-9]*(-[a-z0-9]+)*$/;
const NOT_STRING = Symbol('not plain');

const ESCAPED = /["'&<>]/;
const ESCAPES: Record<string, string> = { '"': '&quot;', '&': '&amp;', "'": '&#x27;', '<': '&lt;', '>': '&gt;' };

/** React's escaping of text and attribute values. */
function escape(value: string): string {
  return ESCAPED.test(value) ? value.replace(/["'&<>]/g, (character) => ESCAPES[character]) : value;
}

function write(node: ReactNode, out: string[], cursor: Cursor): boolean {
  if (node === null || node === undefined || typeof node === 'boolean') return true;
  if (typeof node === 'string' || typeof node === 'number') {
    const text = String(node);
    if (text === '') return true;
    if (cursor.text) out.push('<!-- -->');
    out.push(escape(text));
    cursor.text = true;
    return true;
  }
  if (Array.isArray(node)) {
    for (const child of node) if (!write(child, out, cursor)) return false;
    return true;
  }
  if (!isValidElement(node)) return false;
  const { type, props } = node as ReactElement<Record<string, unknown>>;
  if (type === Fragment) return write(props.children as ReactNode, out, cursor);
  if (typeof type === 'function') {
    if (type.prototype?.isReactComponent) return false;
    return write((type as (props: object) => ReactNode)(props), out, cursor);
  }
  if (typeof type !== 'string' || SPECIAL.has(type)) return false;
  return writeElement(type, props, out, cursor);
}

function writeElement(tag: string, props: Record<string, unknown>, out: string[], cursor: Cursor): boolean {
  const isInput = tag === 'input';
  let attributes = '';
  let checked: unknown = null;
  let value: unknown = null;
  for (const name in props) {
    const given = props[name];
    if (given === null || given === undefined || name === 'children' || name === 'suppressHydrationWarning') continue;
    if (isInput && (name === 'checked' || name === 'value')) {
      if (name === 'checked') checked = given;
      else value = given;
      continue;
    }
    if (name === 'dangerouslySetInnerHTML' || name === 'style' || name === 'defaultValue' || name === 'defaultChecked') return false;
    const attribute = attributeOf(name, given);
    if (attribute === NOT_STRING) return false;
    attributes += attribute;
  }
  if (checked !== null) {
    const attribute = attributeOf('checked', checked);
    if (attribute === NOT_STRING) return false;
    attributes += attribute;
  }
  if (value !== null) {
    if (typeof value !== 'string' && typeof value !== 'number') return false;
    attributes += ` value="${escape(String(value))}"`;
  }
  cursor.text = false;
  if (VOID.has(tag)) {
    if (props.children !== null && props.children !== undefined) return false;
    out.push(`<${tag}${attributes}/>`);
    return true;
  }
  out.push(`<${tag}${attributes}>`);
  if (!write(props.children as ReactNode, out, { text: false })) return false;
  out.push(`</${tag}>`);
  cursor.text = false;
  return true;
}

/** One attribute as React writes it, '' when React leaves it out, NOT_STRING when it is not plain. */
function attributeOf(name: string, value: unknown): string | typeof NOT_STRING {
  // React writes no event handler, whatever its value.
  if (name.length > 2 && (name[0] === 'o' || name[0] === 'O') && (name[1] === 'n' || name[1] === 'N')) return '';
  const booleanName = BOOLEAN[name];
  if (booleanName) {
    if (typeof value !== 'boolean') return NOT_STRING;
    return value ? ` ${booleanName}=""` : '';
  }
  const isDataOrAria = name.startsWith('data-') || name.startsWith('aria-');
  const attribute = RENAMED[name] ?? (PLAIN_NAME.test(name) && !NUMERIC_OR_OVERLOADED.has(name) ? name : null);
  if (attribute === null) return NOT_STRING;
  if (typeof value === 'boolean') return isDataOrAria ? ` ${attribute}="${value}"` : NOT_STRING;
  if (typeof value !== 'string' && typeof value !== 'number') return NOT_STRING;
  return ` ${attribute}="${escape(String(value))}"`;
}

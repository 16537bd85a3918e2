import { Fragment, isValidElement, type ReactElement, type ReactNode } from 'react';
import { isPlainComponent } from '~/lib/plain-components';

/**
 * The HTML React's server renderer writes for a tree of plain markup, written by a loop over the
 * elements instead (decision 161). React handles every element as a task of its renderer (tree
 * context for ids, a segment, a switch over props) at about 0.7 µs each; the ACTIVITIES tab's
 * 20 rides are ~380 elements, a quarter of that page's time. What is plain: host elements outside
 * a short list of special ones, attributes React writes as they are, text, arrays, fragments and
 * the components declared hook-free with `plain(…)` (lib/plain-components.ts: ESLint refuses a
 * hook in them). Anything else anywhere in the tree, any other component included, answers
 * null, and the caller lets React render the tree in place, so the markup is React's in every
 * case (tests compare). Only public React is used: the writer never calls a component that
 * could call a hook (decision 197).
 */
export function plainMarkup(node: ReactNode): string | null {
  const out: Output = { html: '' };
  return write(node, out, false) === NOT_PLAIN ? null : out.html;
}

/**
 * The markup so far, appended to: a string built by `+=` is flattened once, when the document is
 * encoded, where an array of pieces was joined here and then copied again.
 */
interface Output {
  html: string;
}

/** What `write` answers: whether the last thing it wrote was text (React separates two texts with a comment). */
const ENDS_WITH_TEXT = 1;
const ENDS_WITH_TAG = 0;
const NOT_PLAIN = -1;
type Written = typeof ENDS_WITH_TEXT | typeof ENDS_WITH_TAG | typeof NOT_PLAIN;

const VOID = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'source', 'track', 'wbr']);
/** Tags React writes its own way (values, options, raw text, namespaces, the document) are not plain. */
const SPECIAL = new Set([
  'select',
  'option',
  'textarea',
  'style',
  'script',
  'noscript',
  'svg',
  'math',
  'html',
  'head',
  'body',
  'title',
  'meta',
  'link',
  'base',
  'template',
  'iframe',
]);
/** Props that make an element not plain wherever they appear. */
const REACT_ONLY_PROPS = new Set(['dangerouslySetInnerHTML', 'style', 'defaultValue', 'defaultChecked']);
const RENAMED: Record<string, string> = { className: 'class', htmlFor: 'for', tabIndex: 'tabindex' };
/** Boolean attributes: written as `name=""` when true, left out when false. */
const BOOLEAN: Record<string, string> = {
  disabled: 'disabled',
  hidden: 'hidden',
  required: 'required',
  readOnly: 'readonly',
  multiple: 'multiple',
  open: 'open',
  checked: 'checked',
};
/** Lowercase names React treats as numbers or overloaded booleans: not plain. */
const NUMERIC_OR_OVERLOADED = new Set(['cols', 'rows', 'size', 'span', 'start', 'download', 'capture', 'value']);
const PLAIN_NAME = /^[a-z][a-z0-9]*(-[a-z0-9]+)*$/;

/** How React writes a prop, worked out once per prop name. */
type PropKind =
  { kind: 'skipped' } | { kind: 'not plain' } | { kind: 'boolean'; whenTrue: string } | { kind: 'text'; opening: string; booleanAllowed: boolean };

const propKinds = new Map<string, PropKind>();

function propKindOf(name: string): PropKind {
  let found = propKinds.get(name);
  if (!found) propKinds.set(name, (found = classify(name)));
  return found;
}

function classify(name: string): PropKind {
  // React writes no event handler, whatever its value; children are written as the content.
  if (name === 'children' || name === 'suppressHydrationWarning') return { kind: 'skipped' };
  if (name.length > 2 && (name[0] === 'o' || name[0] === 'O') && (name[1] === 'n' || name[1] === 'N')) return { kind: 'skipped' };
  if (REACT_ONLY_PROPS.has(name)) return { kind: 'not plain' };
  const booleanName = BOOLEAN[name];
  if (booleanName) return { kind: 'boolean', whenTrue: ` ${booleanName}=""` };
  const attribute = RENAMED[name] ?? (PLAIN_NAME.test(name) && !NUMERIC_OR_OVERLOADED.has(name) ? name : null);
  if (attribute === null) return { kind: 'not plain' };
  return { kind: 'text', opening: ` ${attribute}="`, booleanAllowed: name.startsWith('data-') || name.startsWith('aria-') };
}

const ESCAPED = /["'&<>]/;
/** React's escaping of text and attribute values (a native test first: most values have nothing to escape). */
function escape(value: string): string {
  return ESCAPED.test(value) ? value.replace(/["'&<>]/g, (character) => ESCAPES[character]) : value;
}
const ESCAPES: Record<string, string> = { '"': '&quot;', '&': '&amp;', "'": '&#x27;', '<': '&lt;', '>': '&gt;' };

function write(node: ReactNode, out: Output, afterText: boolean): Written {
  if (node === null || node === undefined || typeof node === 'boolean') return afterText ? ENDS_WITH_TEXT : ENDS_WITH_TAG;
  if (typeof node === 'string' || typeof node === 'number') {
    const text = typeof node === 'string' ? node : String(node);
    if (text === '') return afterText ? ENDS_WITH_TEXT : ENDS_WITH_TAG;
    out.html += afterText ? `<!-- -->${escape(text)}` : escape(text);
    return ENDS_WITH_TEXT;
  }
  if (Array.isArray(node)) {
    let ending: Written = afterText ? ENDS_WITH_TEXT : ENDS_WITH_TAG;
    for (const child of node as ReactNode[]) {
      ending = write(child, out, ending === ENDS_WITH_TEXT);
      if (ending === NOT_PLAIN) return NOT_PLAIN;
    }
    return ending;
  }
  if (!isValidElement(node)) return NOT_PLAIN;
  const { type, props } = node as ReactElement<Record<string, unknown>>;
  if (type === Fragment) return write(props.children as ReactNode, out, afterText);
  if (typeof type === 'function') return isPlainComponent(type) ? write(type(props), out, afterText) : NOT_PLAIN;
  if (typeof type !== 'string') return NOT_PLAIN;
  const tag = tagOf(type);
  return tag ? writeElement(tag, props, out) : NOT_PLAIN;
}

/** A plain tag's pieces of markup, worked out once per tag name. */
interface Tag {
  name: string;
  isVoid: boolean;
  closing: string;
}

const tags = new Map<string, Tag | null>();

function tagOf(name: string): Tag | null {
  let found = tags.get(name);
  if (found === undefined) tags.set(name, (found = SPECIAL.has(name) ? null : { name, isVoid: VOID.has(name), closing: `</${name}>` }));
  return found;
}

function writeElement(tag: Tag, props: Record<string, unknown>, out: Output): Written {
  const isInput = tag.name === 'input';
  let attributes = '';
  for (const name in props) {
    const given = props[name];
    if (given === null || given === undefined) continue;
    // React writes an input's checked and value after its other attributes.
    if (isInput && (name === 'checked' || name === 'value')) continue;
    const attribute = attributeOf(propKindOf(name), given);
    if (attribute === null) return NOT_PLAIN;
    attributes += attribute;
  }
  if (isInput) {
    const { checked, value } = props;
    if (checked !== null && checked !== undefined) {
      const attribute = attributeOf(propKindOf('checked'), checked);
      if (attribute === null) return NOT_PLAIN;
      attributes += attribute;
    }
    if (value !== null && value !== undefined) {
      if (typeof value !== 'string' && typeof value !== 'number') return NOT_PLAIN;
      attributes += ` value="${escape(String(value))}"`;
    }
  }
  if (tag.isVoid) {
    if (props.children !== null && props.children !== undefined) return NOT_PLAIN;
    out.html += `<${tag.name}${attributes}/>`;
    return ENDS_WITH_TAG;
  }
  out.html += `<${tag.name}${attributes}>`;
  if (write(props.children as ReactNode, out, false) === NOT_PLAIN) return NOT_PLAIN;
  out.html += tag.closing;
  return ENDS_WITH_TAG;
}

/** One attribute as React writes it, '' when React leaves it out, null when it is not plain. */
function attributeOf(prop: PropKind, value: unknown): string | null {
  switch (prop.kind) {
    case 'skipped':
      return '';
    case 'not plain':
      return null;
    case 'boolean':
      if (typeof value !== 'boolean') return null;
      return value ? prop.whenTrue : '';
    case 'text':
      if (typeof value === 'string') return `${prop.opening}${escape(value)}"`;
      if (typeof value === 'number') return `${prop.opening}${value}"`;
      if (typeof value === 'boolean' && prop.booleanAllowed) return `${prop.opening}${value}"`;
      return null;
  }
}

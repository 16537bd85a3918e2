/**
 * A small SQL lexer and bracket tree for app/db/statement-tags.server.ts: enough of PostgreSQL's
 * syntax to find the tables a statement reads and writes and the equalities that pin their rows,
 * never enough to execute anything. Unknown input is not an error: the analysis built on it
 * falls back to "the whole table" (or "everything") wherever it is unsure.
 */

export type Token =
  | { kind: 'word'; text: string } // keyword or unquoted identifier, lower-cased as PostgreSQL folds it
  | { kind: 'ident'; text: string } // "quoted identifier"
  | { kind: 'param'; index: number } // $1 → 0
  | { kind: 'literal'; text: string } // 'string', number, $$dollar$$
  | { kind: 'punct'; text: string }; // ( ) , . ; and operators

/** A parenthesised group: its tokens and nested groups in order. */
export interface Group {
  kind: 'group';
  items: Item[];
}
export type Item = Token | Group;

const WORD = /[A-Za-z_][A-Za-z0-9_$]*/y;
const NUMBER = /\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const PARAM = /\$(\d+)/y;
const DOLLAR_TAG = /\$([A-Za-z_][A-Za-z0-9_]*)?\$/y;
const OPERATOR = /[+\-*/<>=~!@#%^&|`?:]+/y;

function sticky(pattern: RegExp, sql: string, at: number): RegExpExecArray | null {
  pattern.lastIndex = at;
  return pattern.exec(sql);
}

export function tokenize(sql: string): Token[] {
  const tokens: Token[] = [];
  let at = 0;
  while (at < sql.length) {
    const char = sql[at];
    if (/\s/.test(char)) {
      at += 1;
    } else if (sql.startsWith('--', at)) {
      const end = sql.indexOf('\n', at);
      at = end === -1 ? sql.length : end + 1;
    } else if (sql.startsWith('/*', at)) {
      const end = sql.indexOf('*/', at + 2);
      at = end === -1 ? sql.length : end + 2;
    } else if (char === '"' || char === "'") {
      let end = at + 1;
      let text = '';
      for (;;) {
        const next = sql.indexOf(char, end);
        if (next === -1) {
          text += sql.slice(end);
          end = sql.length;
          break;
        }
        text += sql.slice(end, next);
        if (sql[next + 1] === char) {
          text += char;
          end = next + 2;
        } else {
          end = next + 1;
          break;
        }
      }
      tokens.push(char === '"' ? { kind: 'ident', text } : { kind: 'literal', text });
      at = end;
    } else if (char === '$') {
      const param = sticky(PARAM, sql, at);
      const tag = param ? null : sticky(DOLLAR_TAG, sql, at);
      if (param) {
        tokens.push({ kind: 'param', index: Number(param[1]) - 1 });
        at += param[0].length;
      } else if (tag) {
        const close = sql.indexOf(tag[0], at + tag[0].length);
        const end = close === -1 ? sql.length : close + tag[0].length;
        tokens.push({ kind: 'literal', text: sql.slice(at + tag[0].length, close === -1 ? sql.length : close) });
        at = end;
      } else {
        tokens.push({ kind: 'punct', text: '$' });
        at += 1;
      }
    } else if (/[0-9]/.test(char)) {
      const number = sticky(NUMBER, sql, at)!;
      tokens.push({ kind: 'literal', text: number[0] });
      at += number[0].length;
    } else if (/[A-Za-z_]/.test(char)) {
      const word = sticky(WORD, sql, at)!;
      // E'…' and similar prefixed strings: the prefix is dropped, the string follows.
      if (sql[at + word[0].length] === "'" && /^[eEbBxXuU]$/.test(word[0])) {
        at += word[0].length;
        continue;
      }
      tokens.push({ kind: 'word', text: word[0].toLowerCase() });
      at += word[0].length;
    } else if ('(),.;[]'.includes(char)) {
      tokens.push({ kind: 'punct', text: char });
      at += 1;
    } else {
      const operator = sticky(OPERATOR, sql, at);
      const text = operator ? operator[0] : char;
      tokens.push({ kind: 'punct', text });
      at += text.length;
    }
  }
  return tokens;
}

/** Nests the tokens by parentheses (an unbalanced closing one is kept as a token). */
export function groupTokens(tokens: Token[]): Item[] {
  const root: Item[] = [];
  const stack: Item[][] = [root];
  for (const token of tokens) {
    if (token.kind === 'punct' && token.text === '(') {
      const group: Group = { kind: 'group', items: [] };
      stack[stack.length - 1].push(group);
      stack.push(group.items);
    } else if (token.kind === 'punct' && token.text === ')' && stack.length > 1) {
      stack.pop();
    } else {
      stack[stack.length - 1].push(token);
    }
  }
  return root;
}

export const isWord = (item: Item | undefined, ...texts: string[]): boolean =>
  item !== undefined && item.kind === 'word' && (texts.length === 0 || texts.includes(item.text));

export const isPunct = (item: Item | undefined, text: string): boolean => item !== undefined && item.kind === 'punct' && item.text === text;

/** Splits a list of items at every top-level occurrence of the separator. */
export function splitItems(items: Item[], isSeparator: (item: Item) => boolean): Item[][] {
  const parts: Item[][] = [[]];
  for (const item of items) {
    if (isSeparator(item)) parts.push([]);
    else parts[parts.length - 1].push(item);
  }
  return parts;
}

/** A name as PostgreSQL sees it: a word or a quoted identifier. */
export function nameOf(item: Item | undefined): string | null {
  if (!item) return null;
  if (item.kind === 'ident' || item.kind === 'word') return item.text;
  return null;
}

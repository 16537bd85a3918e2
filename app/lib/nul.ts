/**
 * PostgreSQL refuses a NUL character in text, so one that reaches a query is a 500 instead of an
 * answer. Page forms and addresses are screened for it before any route (security.server.ts);
 * bodies a route reads itself (JSON calls, signed webhooks) are checked with this.
 */
const NUL = '\u0000';

/** Whether any string in a decoded JSON value (keys included, at any depth) holds a NUL. */
export function holdsNul(value: unknown): boolean {
  // A stack, not recursion: a body may nest deeper than the call stack goes.
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const next = pending.pop();
    if (typeof next === 'string') {
      if (next.includes(NUL)) return true;
    } else if (Array.isArray(next)) {
      // One by one: spreading a long array (a 1 MB body holds 500,000 items) overflows the stack.
      for (const item of next as unknown[]) pending.push(item);
    } else if (next !== null && typeof next === 'object') {
      for (const [key, inner] of Object.entries(next)) {
        if (key.includes(NUL)) return true;
        pending.push(inner);
      }
    }
  }
  return false;
}

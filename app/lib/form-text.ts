/**
 * The text of a form field or a JSON body's member, '' when there is none. A file where text was
 * expected (a hostile or broken post) is no text, never "[object File]".
 */
export function textOf(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  return '';
}

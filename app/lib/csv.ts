/**
 * CSV (RFC 4180) for the files riders download: comma-separated, CRLF line ends, fields quoted
 * when they hold a comma, quote or line break. A text field that a spreadsheet would run as a
 * formula (starting with =, +, -, @, tab or carriage return) is prefixed with an apostrophe, so
 * opening a download never runs what someone typed into a title (OWASP "CSV injection"). Numbers
 * (a bigint amount too, and text that is only a number, such as "-50") are left as they are: a
 * spreadsheet reads them as numbers, never as formulas, and a debit must stay a number.
 */
export type CsvValue = string | number | bigint | boolean | null | undefined;

const FORMULA_START = /^[=+\-@\t\r]/;
/** A plain decimal number, signed or not, with an optional exponent: nothing a spreadsheet could run. */
const PLAIN_NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;

function field(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  const neutralise = typeof value === 'string' && FORMULA_START.test(value) && !PLAIN_NUMBER.test(value);
  const text = neutralise ? `'${value}` : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function toCsv(header: string[], rows: CsvValue[][]): string {
  return [header, ...rows].map((row) => row.map(field).join(',')).join('\r\n') + '\r\n';
}

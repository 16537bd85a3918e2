/**
 * CSV (RFC 4180) for the files riders download: comma-separated, CRLF line ends, fields quoted
 * when they hold a comma, quote or line break. A text field that a spreadsheet would run as a
 * formula (starting with =, +, -, @, tab or carriage return) is prefixed with an apostrophe, so
 * opening a download never runs what someone typed into a title (OWASP "CSV injection").
 */
export type CsvValue = string | number | boolean | null | undefined;

const FORMULA_START = /^[=+\-@\t\r]/;

function field(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  const text = typeof value === 'string' && FORMULA_START.test(value) ? `'${value}` : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function toCsv(header: string[], rows: CsvValue[][]): string {
  return [header, ...rows].map((row) => row.map(field).join(',')).join('\r\n') + '\r\n';
}

/**
 * Long series of flat rows (chart points) as one string in a page's data (issue 21): Remix
 * serialises loader data value by value (turbo-stream), and a power curve's 232 points of four
 * fields were 930 values to flatten, index and escape on every render of the activities page —
 * a third of its server time. Packed, a series is one string and a short table of the strings it
 * holds; unpacking gives back exactly the same rows (numbers written in their shortest exact form).
 */

type Field = number | string | boolean | null;

export interface PackedRows<Row> {
  fields: ReadonlyArray<keyof Row & string>;
  /** Each distinct string value once, as one JSON array (one value for turbo-stream, not one per string); a row refers to it by index. */
  strings: string;
  /** Rows separated by ';', values by ','; a string is '~' and its index, true 't', false 'f', null is empty. */
  rows: string;
  /** Only there to tie the packed value to its row type. */
  readonly __row?: Row;
}

/**
 * The rows each packed value was made from, in the process that packed it: a server render
 * reads its own loader's data, and unpacking there would parse what it has just written.
 */
const packedFrom = new WeakMap<object, readonly unknown[]>();

export function packRows<Row extends { [K in keyof Row]: Field }>(rows: readonly Row[], fields: ReadonlyArray<keyof Row & string>): PackedRows<Row> {
  const strings: string[] = [];
  const indexOf = new Map<string, number>();
  const cell = (value: Field): string => {
    if (value === null) return '';
    if (typeof value === 'boolean') return value ? 't' : 'f';
    // String(-0) is '0': the sign is written, so a row comes back exactly as it went.
    if (typeof value === 'number') return Object.is(value, -0) ? '-0' : String(value);
    let index = indexOf.get(value);
    if (index === undefined) {
      index = strings.push(value) - 1;
      indexOf.set(value, index);
    }
    return `~${index}`;
  };
  const packedRows = rows.map((row) => fields.map((field) => cell(row[field])).join(',')).join(';');
  const packed: PackedRows<Row> = { fields, strings: JSON.stringify(strings), rows: packedRows };
  packedFrom.set(packed, rows);
  return packed;
}

export function unpackRows<Row>(packed: PackedRows<Row>): readonly Row[] {
  const source = packedFrom.get(packed);
  if (source) return source as readonly Row[];
  if (packed.rows === '') return [];
  const { fields } = packed;
  const strings = JSON.parse(packed.strings) as string[];
  const value = (text: string): Field => {
    if (text === '') return null;
    if (text.startsWith('~')) return strings[Number(text.slice(1))];
    return text === 't' ? true : text === 'f' ? false : Number(text);
  };
  return packed.rows.split(';').map((line) => {
    const cells = line.split(',');
    const row: Record<string, Field> = {};
    for (let index = 0; index < fields.length; index++) row[fields[index]] = value(cells[index]);
    return row as Row;
  });
}

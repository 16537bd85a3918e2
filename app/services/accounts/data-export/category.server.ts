import { asc, eq, getTableColumns, type Column } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { db } from '~/db/client.server';
import { toCsv, type CsvValue } from '~/lib/csv';

/**
 * One category of a rider's copy of their data (issue 35 item 7, decision 175): one file, what it
 * holds, every field described (the README is written from these), and the table whose rows name
 * the rider. A field named like a column of that table holds the column's value; the other columns
 * are listed as withheld, each with its reason. `data-export.db.test.ts` checks the list against
 * the schema (every table that names a rider has a category, every column is a field or withheld)
 * and every file against the database.
 */
export type Row = Record<string, unknown>;

/** Whose copy is being built: the rider, and the copy itself (listed nowhere in it). */
export interface ExportContext {
  userId: string;
  email: string;
  exportId: string;
}

interface ExportSource {
  /** The column that names the rider: their account id, or their e-mail address (`by: 'email'`). */
  owner: AnyPgColumn;
  by?: 'id' | 'email';
  /** Columns not in the file, each with the reason the README gives. */
  withheld?: Record<string, string>;
}

export interface ExportCategory {
  /** The file in the zip; `.csv` is a table, `.json` a list of records (or one record: `single`). */
  file: string;
  /** One line for the README. */
  about: string;
  /** Every field of a record, in order, with its description. */
  fields: Record<string, string>;
  source?: ExportSource;
  single?: boolean;
  /** The records, read when the zip reaches the file; by default the source table's rows of the rider. */
  read?(context: ExportContext): Promise<Row[]>;
  /** The default read's order. */
  orderBy?: AnyPgColumn;
}

/** "a, b or c": the values a field may hold, from the list the schema uses. */
export const oneOf = (values: readonly string[]) => (values.length > 1 ? `${values.slice(0, -1).join(', ')} or ${values.at(-1)}` : (values[0] ?? ''));

/** Reasons shared by several categories' withheld columns. */
export const WITHHELD = {
  staff: 'the Paceline staff member who decided (their account, not yours)',
  storageKey: 'where the file is stored inside Paceline; the file itself is in this copy (see its folder)',
  afterDeletion: 'set only once an account is deleted',
} as const;

/** The rider's rows of the source table, oldest first by `orderBy`. */
export async function ownRows(category: ExportCategory, context: ExportContext): Promise<Row[]> {
  const source = category.source!;
  const table = source.owner.table as PgTable;
  const owner = source.by === 'email' ? context.email.toLowerCase() : context.userId;
  const query = db().select().from(table).where(eq(source.owner, owner));
  return (await (category.orderBy ? query.orderBy(asc(category.orderBy)) : query)) as Row[];
}

/** The JavaScript names of a table's columns (what `fields` and `withheld` are named after). */
export function columnNamesOf(column: AnyPgColumn): string[] {
  return Object.keys(getTableColumns(column.table as PgTable) as Record<string, Column>);
}

const encoder = new TextEncoder();

function jsonText(value: unknown): string {
  return `${JSON.stringify(value, (_key, item: unknown) => (typeof item === 'bigint' ? item.toString() : item), 2)}\n`;
}

function csvCell(value: unknown): CsvValue {
  if (value instanceof Date) return value.toISOString();
  if (value !== null && typeof value === 'object') return JSON.stringify(value);
  return value as CsvValue;
}

/** The file's bytes: the records cut to the declared fields, as CSV (a header even when empty) or JSON. */
export function encodeCategory(category: ExportCategory, rows: Row[]): Uint8Array {
  const names = Object.keys(category.fields);
  const records = rows.map((row) => Object.fromEntries(names.map((name) => [name, row[name] ?? null])));
  if (category.file.endsWith('.csv')) {
    return encoder.encode(
      toCsv(
        names,
        records.map((record) => names.map((name) => csvCell(record[name]))),
      ),
    );
  }
  return encoder.encode(jsonText(category.single ? (records[0] ?? null) : records));
}

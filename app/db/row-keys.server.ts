import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import * as schema from './schema';
import type { ForeignKey, SchemaFacts } from './statement-tags.server';

/**
 * The key column of each table: the column whose value names whose rows they are, so a write
 * to one rider's rows invalidates only what read that rider's rows (decision 145). A table with
 * a `user_id` is keyed by it (its rows are one rider's); the others named here by their own id.
 * Every other table is followed whole: a write to it invalidates whatever read it.
 */
const OWN_KEYS: Record<string, string> = {
  users: 'id',
  events: 'id',
  teams: 'id',
  activity_details: 'activity_id',
  event_results: 'event_id',
  // The owner's account code (`rider:<id>`, `system:…`): a rider's balances are theirs alone.
  ledger_accounts: 'code',
};
const OWNER_COLUMN = 'user_id';

function readSchema(): SchemaFacts {
  const keyColumns = new Map<string, string | null>();
  const foreignKeys: ForeignKey[] = [];
  for (const value of Object.values(schema)) {
    if (!(value instanceof PgTable)) continue;
    const config = getTableConfig(value);
    const columns = config.columns.map((column) => column.name);
    keyColumns.set(config.name, OWN_KEYS[config.name] ?? (columns.includes(OWNER_COLUMN) ? OWNER_COLUMN : null));
    for (const foreignKey of config.foreignKeys) {
      const reference = foreignKey.reference();
      // Only single-column keys cascade by value; a composite one is followed as the whole table.
      foreignKeys.push({
        child: config.name,
        childColumn: reference.columns.length === 1 ? reference.columns[0].name : '',
        parent: getTableConfig(reference.foreignTable).name,
        parentColumn: reference.foreignColumns.length === 1 ? reference.foreignColumns[0].name : '',
        onDelete: foreignKey.onDelete ?? 'no action',
      });
    }
  }
  return { keyColumns, foreignKeys };
}

let facts: SchemaFacts | undefined;

/** The schema as the statement analysis needs it, read once from the Drizzle tables. */
export function schemaFacts(): SchemaFacts {
  facts ??= readSchema();
  return facts;
}

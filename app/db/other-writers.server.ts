import { randomBytes } from 'node:crypto';
import { schemaFacts } from './row-keys.server';
import { keyText } from './statement-watch.server';
import { EVERYTHING, invalidate, invalidateEverything, type Tag } from './write-watch.server';

/**
 * Writes this process cannot see: another server on the same PostgreSQL database, a script,
 * psql (decision 145). Every table gets statement triggers that announce, at commit, which
 * rows a statement wrote — the table and the distinct values of its key column, read from the
 * statement's transition tables, or the table alone when it has no key column, was truncated
 * or the list would not fit a notification. This process listens and invalidates the same tags
 * its own statements would have. Its own writes are announced too (the triggers cannot tell
 * who wrote); it knows them by the application name it connects with and skips them, since its
 * statement hooks announced them already. PGlite is opened by one process only and needs none
 * of it.
 */

/** The channel PostgreSQL announces committed writes on (notifications are sent at commit). */
const WRITES_CHANNEL = 'paceline_writes';

/** This process's name on its database connections: its own announcements carry it. */
export const CONNECTION_NAME = `paceline ${randomBytes(6).toString('hex')}`;

/** What followOtherWriters needs of a client (postgres.js's `sql` has both). */
export interface AnnouncingDatabase {
  unsafe(statements: string): PromiseLike<unknown>;
  listen(channel: string, onNotify: (payload: string) => void, onListen: () => void): PromiseLike<unknown>;
}

/** A notification carries at most 8,000 bytes; longer key lists are announced as the whole table. */
const MAX_KEYS_TEXT = 7_000;

function triggerStatements(): string {
  const keyed = [...schemaFacts().keyColumns].map(([table, column]) => `(${quote(table)}, ${quote(column ?? '')})`).join(', ');
  return `
    CREATE OR REPLACE FUNCTION paceline_announce_rows() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      key_column text := TG_ARGV[0];
      changed bigint := 1;
      keys text;
    BEGIN
      IF key_column <> '' AND TG_OP <> 'TRUNCATE' THEN
        EXECUTE format(
          CASE TG_OP
            WHEN 'INSERT' THEN 'SELECT count(*), string_agg(DISTINCT %1$I::text, '','') FROM paceline_new'
            WHEN 'DELETE' THEN 'SELECT count(*), string_agg(DISTINCT %1$I::text, '','') FROM paceline_old'
            ELSE 'SELECT count(*), string_agg(DISTINCT k::text, '','') FROM (SELECT %1$I AS k FROM paceline_new UNION ALL SELECT %1$I FROM paceline_old) AS rows'
          END, key_column) INTO changed, keys;
      END IF;
      IF changed > 0 THEN
        IF keys IS NULL OR length(keys) > ${MAX_KEYS_TEXT} THEN keys := '*'; END IF;
        PERFORM pg_notify('${WRITES_CHANNEL}', TG_TABLE_NAME || ' ' || keys || ' ' || current_setting('application_name'));
      END IF;
      RETURN NULL;
    END $$;
    DO $$
    DECLARE
      t record;
      key_column text;
    BEGIN
      FOR t IN SELECT tablename FROM pg_tables WHERE schemaname = current_schema() LOOP
        SELECT k.key_column INTO key_column FROM (VALUES ${keyed}) AS k(table_name, key_column) WHERE k.table_name = t.tablename;
        -- The statement trigger of decision 102 announced writes without saying which.
        EXECUTE format('DROP TRIGGER IF EXISTS paceline_announce_write ON %I', t.tablename);
        IF coalesce(key_column, '') = '' THEN
          EXECUTE format('CREATE OR REPLACE TRIGGER paceline_announce_any AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON %I '
            'FOR EACH STATEMENT EXECUTE FUNCTION paceline_announce_rows(%L)', t.tablename, '');
        ELSE
          EXECUTE format('DROP TRIGGER IF EXISTS paceline_announce_any ON %I', t.tablename);
          EXECUTE format('CREATE OR REPLACE TRIGGER paceline_announce_insert AFTER INSERT ON %I REFERENCING NEW TABLE AS paceline_new '
            'FOR EACH STATEMENT EXECUTE FUNCTION paceline_announce_rows(%L)', t.tablename, key_column);
          EXECUTE format('CREATE OR REPLACE TRIGGER paceline_announce_update AFTER UPDATE ON %I REFERENCING OLD TABLE AS paceline_old NEW TABLE AS paceline_new '
            'FOR EACH STATEMENT EXECUTE FUNCTION paceline_announce_rows(%L)', t.tablename, key_column);
          EXECUTE format('CREATE OR REPLACE TRIGGER paceline_announce_delete AFTER DELETE ON %I REFERENCING OLD TABLE AS paceline_old '
            'FOR EACH STATEMENT EXECUTE FUNCTION paceline_announce_rows(%L)', t.tablename, key_column);
          EXECUTE format('CREATE OR REPLACE TRIGGER paceline_announce_truncate AFTER TRUNCATE ON %I '
            'FOR EACH STATEMENT EXECUTE FUNCTION paceline_announce_rows(%L)', t.tablename, '');
        END IF;
      END LOOP;
    END $$;`;
}

function quote(text: string): string {
  return `'${text.replace(/'/g, "''")}'`;
}

/** `table keys-or-* connection-name` → the tags it announces; '' (decision 102's triggers) is everything. */
export function tagsOfAnnouncement(payload: string, ownName = CONNECTION_NAME): Tag[] {
  const first = payload.indexOf(' ');
  const second = payload.indexOf(' ', first + 1);
  if (first === -1 || second === -1) return [EVERYTHING];
  if (payload.slice(second + 1) === ownName) return [];
  const table = payload.slice(0, first);
  const keys = payload.slice(first + 1, second);
  if (keys === '*') return [table];
  const tags: Tag[] = [];
  for (const key of keys.split(',')) {
    const text = keyText(key);
    if (text === null) return [table];
    tags.push(`${table}:${text}`);
  }
  return tags;
}

/** Installs the triggers (after migrating, so later tables are covered on the next start) and listens. */
export async function followOtherWriters(client: AnnouncingDatabase): Promise<void> {
  await client.unsafe(triggerStatements());
  await client.listen(
    WRITES_CHANNEL,
    (payload) => {
      const tags = tagsOfAnnouncement(payload);
      if (tags.length > 0) invalidate(tags);
    },
    // Notifications sent while the listening connection was down are lost: (re)connecting
    // makes everything read before stale.
    invalidateEverything,
  );
}

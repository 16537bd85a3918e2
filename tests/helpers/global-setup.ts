import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import postgres from 'postgres';
import { openDatabase, closeDatabase } from '../../app/db/client.server';

export const SNAPSHOT_PATH = path.resolve('tests/.tmp/pglite-migrated.tar');
export const TEMPLATE_DATABASE = 'paceline_test_template';

/**
 * Prepares one migrated database that every test file copies: a PGlite data-folder
 * snapshot (loading it takes well under a second, migrating takes much longer), or, when
 * TEST_DATABASE_URL names a PostgreSQL server, a template database.
 */
export default async function globalSetup() {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
    await admin.unsafe(`DROP DATABASE IF EXISTS ${TEMPLATE_DATABASE} WITH (FORCE)`);
    await admin.unsafe(`CREATE DATABASE ${TEMPLATE_DATABASE}`);
    await admin.end();
    const opened = await openDatabase({ engine: 'postgres', url: withDatabase(serverUrl, TEMPLATE_DATABASE) });
    await opened.migrate();
    await closeDatabase();
    return;
  }
  const opened = await openDatabase({ engine: 'pglite' });
  await opened.migrate();
  const snapshot = await opened.dump!();
  mkdirSync(path.dirname(SNAPSHOT_PATH), { recursive: true });
  // Kept as a plain tar (43 MB against 5 MB gzipped): PGlite then skips the gunzip on each of
  // the hundred-odd loads, about 0.4 s of the 1 s a test file's database took to open.
  writeFileSync(SNAPSHOT_PATH, gunzipSync(Buffer.from(await snapshot.arrayBuffer())));
  await closeDatabase();
}

export function withDatabase(serverUrl: string, database: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import postgres from 'postgres';
import { afterAll, beforeAll } from 'vitest';
import { closeDatabase, db, openDatabase } from '~/db/client.server';
import { SNAPSHOT_PATH, TEMPLATE_DATABASE, withDatabase } from './global-setup';

/**
 * Gives the calling test file its own freshly migrated database, on PGlite by default
 * or on PostgreSQL when TEST_DATABASE_URL is set (the suite runs on both in CI).
 * Services reach it through db() as they do in the server.
 */
export function setUpTestDatabase() {
  const serverUrl = process.env.TEST_DATABASE_URL;
  const name = `paceline_test_${randomBytes(6).toString('hex')}`;
  beforeAll(async () => {
    if (serverUrl) {
      const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
      await admin.unsafe(`CREATE DATABASE ${name} TEMPLATE ${TEMPLATE_DATABASE}`);
      await admin.end();
      await openDatabase({ engine: 'postgres', url: withDatabase(serverUrl, name) });
    } else {
      await openDatabase({ engine: 'pglite', snapshot: new Blob([readFileSync(SNAPSHOT_PATH)]) });
    }
  });
  afterAll(async () => {
    await closeDatabase();
    if (serverUrl) {
      const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
      await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    }
  });
  return { db };
}

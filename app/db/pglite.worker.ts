import { parentPort } from 'node:worker_threads';
import { messages, PGlite, types, type Results, type Transaction } from '@electric-sql/pglite';
import { DATABASE_ERROR_FIELDS, type ErrorFields, type Reply, type Request } from './pglite-protocol';

// The thread PGlite runs on (decision 152), started by app/db/pglite-thread.server.ts: PostgreSQL
// compiled to WebAssembly runs a statement inside the call, so on the request thread every
// statement held up every other request's rendering. Here statements run beside the requests;
// PGlite's own locks order them exactly as before (one transaction at a time, statements
// outside it wait for it to end).

/**
 * bytea arrives as hex text (`\x…`). PGlite's own parser turns it into bytes one pair at a time in
 * JavaScript: 36 ms for a day-long ride's power curve (issue 15 item 4). Buffer's hex decoder is
 * native. Each value gets its own memory, so it moves to the request thread without a copy of a
 * shared pool. The other way, bytes are left as they are: PGlite then sends them as a binary
 * parameter, one copy, where its own serializer built hex.
 */
function bytesFromHex(text: string): Uint8Array {
  const bytes = Buffer.allocUnsafeSlow((text.length - 2) >> 1);
  bytes.write(text.slice(2), 'hex');
  return new Uint8Array(bytes.buffer, 0, bytes.length);
}

const port = parentPort!;
const databases = new Map<number, PGlite>();
const transactions = new Map<number, { tx: Transaction; finish(commit: boolean): void; ended: Promise<void> }>();
const identity = (value: string) => value;
/** Per-query parser sets that leave these types' text as it is (the request thread parses it). */
const rawParserSets = new Map<string, Record<number, (value: string) => string>>();

function rawParsers(rawTypes: string[] | undefined) {
  if (!rawTypes || rawTypes.length === 0) return undefined;
  const key = rawTypes.join(',');
  let parsers = rawParserSets.get(key);
  if (!parsers) {
    parsers = Object.fromEntries(rawTypes.map((type) => [Number(type), identity]));
    rawParserSets.set(key, parsers);
  }
  return parsers;
}

function errorFields(error: unknown): ErrorFields {
  if (!(error instanceof Error)) return { message: String(error), name: 'Error', databaseError: false, fields: {} };
  const fields: Record<string, unknown> = {};
  for (const name of DATABASE_ERROR_FIELDS) {
    const value = (error as unknown as Record<string, unknown>)[name];
    if (value !== undefined) fields[name] = value;
  }
  const length = (error as { length?: unknown }).length;
  return {
    message: error.message,
    name: error.name,
    databaseError: error instanceof messages.DatabaseError,
    length: typeof length === 'number' ? length : undefined,
    stack: error.stack,
    fields,
  };
}

/** The buffers of bytea values: moved to the request thread rather than copied. */
function byteaBuffers(results: Results<unknown>[]): ArrayBuffer[] {
  const buffers: ArrayBuffer[] = [];
  for (const result of results) {
    const columns = result.fields.flatMap((field, index) => (field.dataTypeID === types.BYTEA ? [{ index, name: field.name }] : []));
    if (columns.length === 0) continue;
    for (const row of result.rows as Record<string | number, unknown>[]) {
      for (const { index, name } of columns) {
        const value = Array.isArray(row) ? row[index] : row[name];
        if (value instanceof Uint8Array && value.byteOffset === 0 && value.byteLength === value.buffer.byteLength) {
          buffers.push(value.buffer as ArrayBuffer);
        }
      }
    }
  }
  return [...new Set(buffers)];
}

function runningTransaction(id: number): Transaction {
  const running = transactions.get(id);
  if (!running) throw new Error('Transaction is closed');
  return running.tx;
}

function statements(db: PGlite, request: { tx?: number }): Pick<Transaction, 'query' | 'exec'> {
  return request.tx === undefined ? db : runningTransaction(request.tx);
}

/** Opens a transaction and keeps it open until the request thread ends it. */
function begin(db: PGlite, id: number): Promise<void> {
  return new Promise((begun, failed) => {
    let started = false;
    const ended = db
      .transaction(
        (tx) =>
          new Promise<void>((commit, rollBack) => {
            started = true;
            transactions.set(id, { tx, finish: (ok) => (ok ? commit() : rollBack(ROLLED_BACK)), ended });
            begun();
          }),
      )
      .catch((error) => {
        if (error !== ROLLED_BACK) throw error;
      })
      .finally(() => transactions.delete(id));
    ended.catch((error) => {
      if (!started) failed(error);
    });
  });
}

/** What the worker throws into PGlite's transaction to make it roll back; never reported. */
const ROLLED_BACK = Symbol('rolled back');

async function end(id: number, commit: boolean): Promise<void> {
  const running = transactions.get(id);
  if (!running) return;
  running.finish(commit);
  await running.ended;
}

async function answer(request: Request): Promise<{ value: unknown; transfer?: ArrayBuffer[] }> {
  if (request.op === 'open') {
    databases.set(request.db, await openDatabase(request.dataDir, request.snapshot));
    return { value: undefined };
  }
  const db = databases.get(request.db);
  if (!db) throw new Error('PGlite is closed');
  switch (request.op) {
    case 'query': {
      const result = await statements(db, request).query(request.sql, request.params, {
        rowMode: request.rowMode,
        parsers: rawParsers(request.rawTypes),
        paramTypes: request.paramTypes,
      });
      return { value: result, transfer: byteaBuffers([result]) };
    }
    case 'exec': {
      const results = await statements(db, request).exec(request.sql, { rowMode: request.rowMode, parsers: rawParsers(request.rawTypes) });
      return { value: results, transfer: byteaBuffers(results) };
    }
    case 'begin':
      await begin(db, request.tx);
      return { value: undefined };
    case 'rollback':
      await runningTransaction(request.tx).rollback();
      return { value: undefined };
    case 'end':
      await end(request.tx, request.commit);
      return { value: undefined };
    case 'dump': {
      const dump = await db.dumpDataDir(request.compression);
      const bytes = await dump.arrayBuffer();
      return { value: bytes, transfer: [bytes] };
    }
    case 'close':
      databases.delete(request.db);
      await db.close();
      return { value: undefined };
  }
}

function openDatabase(dataDir: string | undefined, snapshot: ArrayBuffer | undefined): Promise<PGlite> {
  return PGlite.create(dataDir, {
    parsers: { [types.BYTEA]: bytesFromHex },
    serializers: { [types.BYTEA]: (bytes: Uint8Array) => bytes as unknown as string },
    ...(snapshot ? { loadDataDir: new Blob([snapshot]) } : {}),
  });
}

port.on('message', (request: Request) => {
  answer(request).then(
    ({ value, transfer }) => port.postMessage({ id: request.id, ok: true, value } satisfies Reply, transfer ?? []),
    (error: unknown) => port.postMessage({ id: request.id, ok: false, error: errorFields(error) } satisfies Reply),
  );
});

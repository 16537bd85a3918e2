import { describe, expect, it } from 'vitest';
import { trackedExecutor, type SqlExecutor } from './job-queue.server';

/** An executor whose statements finish when the test says so. */
function heldExecutor() {
  const pending: Array<{ text: string; finish: () => void }> = [];
  const inner: SqlExecutor = {
    executeSql: (text) =>
      new Promise((resolve) => {
        pending.push({ text, finish: () => resolve({ rows: [] }) });
      }),
  };
  return { inner, pending };
}

describe('the tracked executor a stop waits on', () => {
  it('settles only when every statement has, including one sent while it waited (a completion, then its report)', async () => {
    const { inner, pending } = heldExecutor();
    const executor = trackedExecutor(inner);
    void executor.executeSql('UPDATE pgboss.job SET state = $1', ['completed']);
    let settled = false;
    const waiting = executor.settled().then(() => {
      settled = true;
    });
    await Promise.resolve();
    void executor.executeSql('SELECT 1', [1]);
    pending[0].finish();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(settled).toBe(false);
    pending[1].finish();
    await waiting;
    expect(settled).toBe(true);
    expect(pending.map((statement) => statement.text)).toEqual(['UPDATE pgboss.job SET state = $1', 'SELECT 1']);
  });

  it('settles at once with nothing running, and after a statement that failed', async () => {
    const failing = trackedExecutor({ executeSql: () => Promise.reject(new Error('PGlite is closed')) });
    await expect(failing.executeSql('SELECT 1', [1])).rejects.toThrow('PGlite is closed');
    await expect(failing.settled()).resolves.toBeUndefined();
  });
});

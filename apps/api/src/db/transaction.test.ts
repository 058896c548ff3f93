import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/helpers.ts';
import { createDatabase, type Database } from './client.ts';
import { readerOn, runInTransaction } from './transaction.ts';

let db: Database;
beforeAll(async () => {
  db = createDatabase(await createTestDatabase(), 4);
});
afterAll(async () => {
  await db.$client.end();
});

/** Two reads that record when they start and end. */
function recorder() {
  const events: string[] = [];
  const read = (name: string, ms: number) => async () => {
    events.push(`${name}:start`);
    await new Promise((resolve) => setTimeout(resolve, ms));
    events.push(`${name}:end`);
    return name;
  };
  return { events, read };
}

describe('independent reads', () => {
  it('go out together on the pool', async () => {
    const { events, read } = recorder();
    const on = readerOn(db);
    expect(await Promise.all([on(read('a', 20)), on(read('b', 1))])).toEqual(['a', 'b']);
    expect(events).toEqual(['a:start', 'b:start', 'b:end', 'a:end']);
  });

  it('take turns on a transaction’s one connection, and a failed one does not stop the next', async () => {
    const { events, read } = recorder();
    await runInTransaction(db.$client, async ({ db: tx }) => {
      const on = readerOn(tx);
      const failing = on(() => Promise.reject(new Error('no')));
      const results = await Promise.all([on(read('a', 20)), on(read('b', 1))]);
      await expect(failing).rejects.toThrow('no');
      expect(results).toEqual(['a', 'b']);
    });
    expect(events).toEqual(['a:start', 'a:end', 'b:start', 'b:end']);
  });
});

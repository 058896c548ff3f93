import { describe, expect, it } from 'vitest';
import { batchPerTurn } from './logger.ts';

function recorder() {
  const writes: string[] = [];
  let flushes = 0;
  return {
    destination: {
      write: (text: string) => {
        writes.push(text);
      },
      flushSync: () => {
        flushes += 1;
      },
    },
    writes,
    flushes: () => flushes,
  };
}

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

describe('log lines batched per turn of the event loop', () => {
  it('hands the lines of one turn to the destination in one write, in order, at the end of the turn', async () => {
    const { destination, writes } = recorder();
    const batch = batchPerTurn(destination);
    batch.write('a\n');
    batch.write('b\n');
    expect(writes).toEqual([]);
    await nextTurn();
    expect(writes).toEqual(['a\nb\n']);
    batch.write('c\n');
    await nextTurn();
    await nextTurn();
    expect(writes).toEqual(['a\nb\n', 'c\n']);
  });

  it('hands over what is waiting at once when flushed (a fatal line, the server closing, the process exiting)', async () => {
    const { destination, writes, flushes } = recorder();
    const batch = batchPerTurn(destination);
    batch.write('fatal\n');
    batch.flushSync();
    expect(writes).toEqual(['fatal\n']);
    expect(flushes()).toBe(1);
    await nextTurn();
    expect(writes).toEqual(['fatal\n']);
  });
});

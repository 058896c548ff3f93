import { describe, expect, it } from 'vitest';
import { limitConcurrency } from './concurrency.ts';

const tick = () =>
  new Promise<void>((resolve) => {
    setTimeout(resolve, 5);
  });

describe('limitConcurrency', () => {
  it('runs at most max tasks at once, in the order they came, and goes on after a failure', async () => {
    const run = limitConcurrency(2);
    let running = 0;
    let most = 0;
    const started: number[] = [];
    const task = (index: number) => async () => {
      started.push(index);
      running += 1;
      most = Math.max(most, running);
      await tick();
      running -= 1;
      if (index === 1) throw new Error('refused');
      return index;
    };
    const results = await Promise.allSettled([0, 1, 2, 3, 4].map((index) => run(task(index))));
    expect(most).toBe(2);
    expect(started).toEqual([0, 1, 2, 3, 4]);
    expect(results.map((result) => result.status)).toEqual([
      'fulfilled',
      'rejected',
      'fulfilled',
      'fulfilled',
      'fulfilled',
    ]);
    // Every place was given back: two more run at once again.
    running = 0;
    most = 0;
    await Promise.all([run(task(5)), run(task(6))]);
    expect(most).toBe(2);
  });
});

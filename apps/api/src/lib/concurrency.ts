/**
 * Runs at most `max` tasks at once; the others wait their turn, first come first served. A finished task
 * hands its place to the next one waiting.
 */
export function limitConcurrency(max: number) {
  let active = 0;
  const waiting: (() => void)[] = [];
  return async function run<T>(task: () => Promise<T>): Promise<T> {
    if (active < max) active += 1;
    else
      await new Promise<void>((resolve) => {
        waiting.push(resolve);
      });
    try {
      return await task();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else active -= 1;
    }
  };
}

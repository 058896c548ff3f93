import { describe, expect, it } from 'vitest';
import { chooseEncoding, makeEntry, ReadCache, type ReadBody } from './read-cache.ts';

const body = (text: string): ReadBody => ({
  body: Buffer.from(text),
  type: 'application/json',
  compressible: true,
});

/** A load that counts its calls and finishes when told. */
function deferredLoad(text: string) {
  let calls = 0;
  let finish: () => void = () => undefined;
  const load = () => {
    calls += 1;
    return new Promise<ReadBody>((resolve) => {
      finish = () => {
        resolve(body(text));
      };
    });
  };
  return {
    load,
    calls: () => calls,
    finish: () => {
      finish();
    },
  };
}

describe('read cache', () => {
  it('chooses brotli, else gzip, only when accepted with a weight above zero', async () => {
    const large = await makeEntry(body('x'.repeat(2000)), ['services'], 'fast');
    expect(chooseEncoding(large, 'gzip, deflate, br')).toBe('br');
    expect(chooseEncoding(large, 'br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(chooseEncoding(large, '*')).toBe('br');
    expect(chooseEncoding(large, 'identity')).toBe('identity');
    expect(chooseEncoding(large, undefined)).toBe('identity');
    const small = await makeEntry(body('[]'), ['services'], 'fast');
    expect(chooseEncoding(small, 'br')).toBe('identity');
  });

  it('loads a missing key once for everyone waiting, then answers from memory', async () => {
    const cache = new ReadCache();
    cache.enable();
    const slow = deferredLoad('[1]');
    const waiting = [cache.get('k', ['services'], slow.load), cache.get('k', ['services'], slow.load)];
    slow.finish();
    const [first, second] = await Promise.all(waiting);
    expect(first).toBe(second);
    expect(await cache.get('k', ['services'], slow.load)).toBe(first);
    expect(slow.calls()).toBe(1);
  });

  it('never keeps what was loaded before a write to its topic, and forgets only that topic', async () => {
    const cache = new ReadCache();
    cache.enable();
    await cache.get('feedback', ['feedback'], () => Promise.resolve(body('[0]')));
    const slow = deferredLoad('[1]');
    const before = cache.get('k', ['services'], slow.load);
    cache.invalidate('services');
    slow.finish();
    expect((await before)?.bodies.identity.toString()).toBe('[1]');
    const after = await cache.get('k', ['services'], () => Promise.resolve(body('[2]')));
    expect(after?.bodies.identity.toString()).toBe('[2]');
    expect(cache.size).toBe(2);
    cache.invalidate('services');
    expect(cache.size).toBe(1);
  });

  it('keeps nothing while it cannot hear changes', async () => {
    const cache = new ReadCache();
    let calls = 0;
    const load = () => {
      calls += 1;
      return Promise.resolve(body('[]'));
    };
    await cache.get('k', ['services'], load);
    await cache.get('k', ['services'], load);
    expect(calls).toBe(2);
    expect(cache.size).toBe(0);
  });

  it('drops the oldest entries beyond its bounds', async () => {
    const cache = new ReadCache({ maxEntries: 2, maxBytes: 1024 * 1024 });
    cache.enable();
    for (const key of ['a', 'b', 'c']) await cache.get(key, ['services'], () => Promise.resolve(body(key)));
    expect(cache.size).toBe(2);
    let reloaded = false;
    await cache.get('a', ['services'], () => {
      reloaded = true;
      return Promise.resolve(body('a'));
    });
    expect(reloaded).toBe(true);
  });

  it('answers an address it answered before only while that entry is current', async () => {
    const cache = new ReadCache({ maxEntries: 2, maxBytes: 1024 * 1024 });
    cache.enable();
    const entry = await cache.get('services', ['services'], () => Promise.resolve(body('[1]')));
    expect(cache.atAddress('/api/v1/services')).toBeUndefined();
    cache.remember('/api/v1/services', 'services');
    expect(cache.atAddress('/api/v1/services')).toBe(entry);
    cache.invalidate('feedback');
    expect(cache.atAddress('/api/v1/services')).toBe(entry);
    cache.invalidate('services');
    expect(cache.atAddress('/api/v1/services')).toBeUndefined();
    // Reloaded after the write: the address answers with the new entry.
    const fresh = await cache.get('services', ['services'], () => Promise.resolve(body('[2]')));
    expect(cache.atAddress('/api/v1/services')).toBe(fresh);
    // Addresses are bounded on their own, the oldest forgotten first; the entries stay.
    cache.remember('/api/v1/services?a', 'services');
    cache.remember('/api/v1/services?b', 'services');
    expect(cache.atAddress('/api/v1/services')).toBeUndefined();
    expect(cache.atAddress('/api/v1/services?b')).toBe(fresh);
    expect(cache.size).toBe(1);
    // Nothing is remembered or answered while changes cannot be heard.
    cache.disable();
    cache.remember('/api/v1/services', 'services');
    expect(cache.atAddress('/api/v1/services')).toBeUndefined();
  });
});

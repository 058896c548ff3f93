import { describe, expect, it } from 'vitest';

import { loadPublicResource, peekPublicResource, seedPublicResource } from './public-resource';

/**
 * A pre-rendered page refreshes its data once hydrated (decision 018); when the answer is the same, the
 * screens showing it must not render again (decision 021: on /services that re-render of the ten cards was
 * the longest task after hydration).
 */
describe('public resources', () => {
  it('keep the object they hold when a refresh brings the same answer', async () => {
    seedPublicResource('test:same', [{ id: 'a', title: 'Deep Cleaning' }]);
    const seeded = peekPublicResource('test:same');
    await loadPublicResource('test:same', () => Promise.resolve([{ id: 'a', title: 'Deep Cleaning' }]));
    expect(peekPublicResource('test:same')).toBe(seeded);
  });

  it('hold the new answer when it differs', async () => {
    seedPublicResource('test:changed', [{ id: 'a', title: 'Deep Cleaning' }]);
    const seeded = peekPublicResource('test:changed');
    await loadPublicResource('test:changed', () =>
      Promise.resolve([{ id: 'a', title: 'Move-out Cleaning' }]),
    );
    const refreshed = peekPublicResource('test:changed');
    expect(refreshed).not.toBe(seeded);
    expect(refreshed.data).toEqual([{ id: 'a', title: 'Move-out Cleaning' }]);
  });

  it('hold the answer again after an error, even the same one', async () => {
    seedPublicResource('test:error', ['a']);
    await loadPublicResource('test:error', () => Promise.reject(new Error('offline')));
    expect(peekPublicResource('test:error').status).toBe('error');
    await loadPublicResource('test:error', () => Promise.resolve(['a']));
    expect(peekPublicResource('test:error')).toEqual({ status: 'success', data: ['a'], error: null });
  });
});

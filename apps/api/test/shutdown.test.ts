import { describe, expect, it } from 'vitest';
import { buildTestApp } from './helpers.ts';

describe('graceful shutdown', () => {
  it('finishes a request in flight, then refuses new connections', async () => {
    const app = await buildTestApp();
    let entered!: () => void;
    const handlerEntered = new Promise<void>((resolve) => (entered = resolve));
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    app.get('/api/v1/test/slow', async () => {
      entered();
      await released;
      return { done: true };
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;

    const inFlight = fetch(`http://127.0.0.1:${port}/api/v1/test/slow`);
    await handlerEntered;
    const closing = app.close();
    release();
    const res = await inFlight;
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ done: true });
    await closing;
    await expect(fetch(`http://127.0.0.1:${port}/api/v1/health`)).rejects.toThrow();
  });
});

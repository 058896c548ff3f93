import { describe, expect, it } from 'vitest';
import { buildTestApp } from './helpers.ts';

describe('client address behind a proxy', () => {
  it('takes the address the trusted proxy saw, not one the client wrote into X-Forwarded-For', async () => {
    const app = await buildTestApp({ PUBLIC_URL: 'https://book.example.com' }); // one proxy by default
    app.get('/api/v1/test/ip', (request) => ({ ip: request.ip }));
    const res = await app.inject({
      method: 'GET',
      url: '/api/v1/test/ip',
      remoteAddress: '10.0.0.2', // the proxy
      headers: { 'x-forwarded-for': '6.6.6.6, 203.0.113.9' }, // client-written value, then what the proxy saw
    });
    expect(res.json()).toEqual({ ip: '203.0.113.9' });
    await app.close();
  });
});

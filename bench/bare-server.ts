/**
 * The reference for `bench/reads.ts`: a bare Fastify (no plugins, no logging) in its own process, answering
 * each path with the bytes it was given, from memory. Run: `node bench/bare-server.ts <bodies.json>`, where
 * the file maps a path to `{ type, body }` (body in base64). Prints `listening <port>` once ready.
 */
import fs from 'node:fs/promises';
import Fastify from 'fastify';

type Body = { type: string; body: string };

const file = process.argv[2];
if (!file) throw new Error('usage: node bench/bare-server.ts <bodies.json>');
const bodies = JSON.parse(await fs.readFile(file, 'utf8')) as Record<string, Body>;

const app = Fastify({ logger: false });
for (const [url, { type, body }] of Object.entries(bodies)) {
  const bytes = Buffer.from(body, 'base64');
  app.get(url.split('?')[0] ?? url, (_request, reply) => reply.type(type).send(bytes));
}
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
process.stdout.write(`listening ${typeof address === 'object' && address ? address.port : 0}\n`);
process.once('SIGTERM', () => {
  void app.close().then(() => process.exit(0));
});

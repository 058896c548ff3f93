import { styleText } from 'node:util';
import { describe, expect, it } from 'vitest';
import { batchPerTurn, createLogger, prettyLine } from './logger.ts';

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

describe('the two formats of the logger (decision 039)', () => {
  const secrets = { authorization: 'Bearer eyJ.SECRET-TOKEN', cookie: 'session=SECRET-COOKIE' };
  const logSome = async (format: 'pretty' | 'json') => {
    const { destination, writes } = recorder();
    const { logger } = createLogger({ level: 'info', format }, { destination });
    logger.info(
      { method: 'GET', route: '/api/v1/services/:id', statusCode: 404, ms: 3.2, reqId: 'r-1' },
      'request',
    );
    logger.info({ req: { method: 'POST', headers: { ...secrets, host: 'book.example.com' } } }, 'incoming');
    logger.warn({ file: '/srv/eclat/.data/backups/eclat-20261127-023000.backup' }, 'daily backup written');
    logger.error({ err: new Error('the database went away') }, 'request failed');
    await nextTurn();
    return writes.join('');
  };

  it('pretty: a line a person reads, with time, level, message and the request summary, no JSON', async () => {
    const text = await logSome('pretty');
    const lines = text.split('\n');
    expect(lines[0]).toMatch(
      /^\d\d:\d\d:\d\d\.\d{3} INFO {2}GET \/api\/v1\/services\/:id 404 3\.2 ms reqId=r-1$/,
    );
    expect(lines[1]).toMatch(
      /^\d\d:\d\d:\d\d\.\d{3} INFO {2}incoming req=\{"method":"POST","headers":\{"host"/,
    );
    expect(lines[2]).toMatch(
      / WARN {2}daily backup written file=\/srv\/eclat\/\.data\/backups\/eclat-\S+\.backup$/,
    );
    expect(lines[3]).toMatch(/ ERROR request failed$/);
    expect(lines[4]).toMatch(/^ {4}Error: the database went away$/);
    expect(lines[5]).toMatch(/^ {8}at /);
    for (const line of lines) expect(line).not.toMatch(/^\{/);
    // Written to a file or a pipe (not a terminal): no colour codes.
    expect(text).not.toContain('\u001b[');
    expect(text).not.toMatch(/SECRET/);
  });

  it('pretty on a terminal: coloured level and status', () => {
    const line = prettyLine(
      JSON.stringify({
        level: 50,
        time: Date.now(),
        msg: 'request',
        method: 'GET',
        route: '/x',
        statusCode: 500,
        ms: 1,
      }),
      true,
    );
    expect(line).toContain(styleText('red', 'ERROR', { validateStream: false }));
    expect(line).toContain(styleText('red', '500', { validateStream: false }));
  });

  it('json: the JSON lines of before, one object a line, secrets removed', async () => {
    const text = await logSome('json');
    const entries = text
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(entries).toHaveLength(4);
    expect(entries[0]).toMatchObject({
      level: 30,
      msg: 'request',
      method: 'GET',
      statusCode: 404,
      reqId: 'r-1',
    });
    expect(entries[1]).toMatchObject({ req: { headers: { host: 'book.example.com' } } });
    expect(entries[3]).toMatchObject({ level: 50, err: { message: 'the database went away' } });
    expect(text).not.toMatch(/SECRET/);
  });
});

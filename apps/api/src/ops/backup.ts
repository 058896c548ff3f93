import type { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import type pg from 'pg';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';
import { z } from 'zod';

/**
 * One file that holds the whole business (decision 028): every table of the `public` schema (the
 * catalogue and its pictures, which live in the database, customers, appointments, series, the team, the
 * accounts and the sign-in keys), read in one REPEATABLE READ snapshot with PostgreSQL's COPY, gzipped.
 * Not in it: the job queue (`pgboss`, rebuilt at start; queued emails not yet sent are lost) and
 * DATA_DIR's development mailbox.
 *
 * Layout, after gunzip: `ECLAT-BACKUP 1`, a JSON header line (creation time, the migrations applied,
 * each table with its columns, parents before children), then per table `TABLE <name>` and its COPY text
 * data in chunks (`<length>\n<bytes>`, ended by `0\n`), `ROWS <n>`, and `END`.
 */

const MAGIC = 'ECLAT-BACKUP 1';
/** Tables whose rows mean the database holds someone's business: a restore over them needs `force`. */
const BUSINESS_TABLES = ['users', 'customers', 'employees', 'services', 'appointments', 'feedback'];

const headerSchema = z.object({
  createdAt: z.iso.datetime(),
  /** Hashes of the migrations applied, oldest first. */
  migrations: z.array(z.string()),
  tables: z.array(z.object({ name: z.string(), columns: z.array(z.string()).min(1) })),
});
type BackupHeader = z.infer<typeof headerSchema>;
type Table = BackupHeader['tables'][number];
export type BackupSummary = { tables: number; rows: number };

export class BackupError extends Error {
  override name = 'BackupError';
}

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** The public tables with their stored columns, each after the tables its foreign keys point to. */
async function tablesInOrder(client: pg.ClientBase): Promise<Table[]> {
  const { rows: tables } = await client.query<{ name: string; columns: string[] }>(
    `select c.relname as name,
            array_agg(a.attname::text order by a.attnum) as columns
       from pg_class c
       join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
      where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p') and not c.relispartition
      group by c.relname
      order by c.relname`,
  );
  const { rows: links } = await client.query<{ child: string; parent: string }>(
    `select conrelid::regclass::text as child, confrelid::regclass::text as parent
       from pg_constraint where contype = 'f' and connamespace = 'public'::regnamespace`,
  );
  const unquote = (name: string) => name.replace(/^"|"$/g, '');
  const parents = new Map<string, Set<string>>(tables.map((table) => [table.name, new Set<string>()]));
  for (const { child, parent } of links) {
    if (child !== parent) parents.get(unquote(child))?.add(unquote(parent));
  }
  const ordered: Table[] = [];
  const placed = new Set<string>();
  while (ordered.length < tables.length) {
    const ready = tables.filter(
      (table) => !placed.has(table.name) && [...(parents.get(table.name) ?? [])].every((p) => placed.has(p)),
    );
    if (ready.length === 0) {
      const left = tables.filter((table) => !placed.has(table.name)).map((table) => table.name);
      throw new BackupError(`foreign keys form a cycle among ${left.join(', ')}`);
    }
    for (const table of ready) {
      ordered.push(table);
      placed.add(table.name);
    }
  }
  return ordered;
}

async function appliedMigrations(client: pg.ClientBase): Promise<string[]> {
  const { rows } = await client.query<{ hash: string }>(
    'select hash from drizzle.__drizzle_migrations order by created_at, id',
  );
  return rows.map((row) => row.hash);
}

/** Writes with backpressure: resolves once the stream can take more. */
function write(stream: Writable, data: string | Buffer): Promise<void> {
  if (stream.write(data)) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const onDrain = () => {
      stream.off('error', onError);
      resolve();
    };
    const onError = (error: Error) => {
      stream.off('drain', onDrain);
      reject(error);
    };
    stream.once('drain', onDrain);
    stream.once('error', onError);
  });
}

/**
 * Writes a backup of the database `client` is connected to into `out` (closed at the end). The server may
 * be running: the snapshot is consistent, and writers are never blocked.
 */
export async function writeBackup(client: pg.ClientBase, out: Writable): Promise<BackupSummary> {
  await client.query('begin isolation level repeatable read read only');
  try {
    const tables = await tablesInOrder(client);
    const header: BackupHeader = {
      createdAt: new Date().toISOString(),
      migrations: await appliedMigrations(client),
      tables,
    };
    const gzip = createGzip();
    const written = pipeline(gzip, out);
    // Surfaces a failed destination while the tables are read (the pipeline's own promise says it at the end).
    written.catch(() => undefined);
    await write(gzip, `${MAGIC}\n${JSON.stringify(header)}\n`);
    let rows = 0;
    for (const table of tables) {
      await write(gzip, `TABLE ${table.name}\n`);
      const copy = client.query(
        copyTo(`copy ${quote(table.name)} (${table.columns.map(quote).join(', ')}) to stdout`),
      );
      for await (const chunk of copy as AsyncIterable<Buffer>) {
        await write(gzip, `${chunk.length}\n`);
        await write(gzip, chunk);
      }
      rows += copy.rowCount;
      await write(gzip, `0\nROWS ${copy.rowCount}\n`);
    }
    await write(gzip, 'END\n');
    gzip.end();
    await written;
    await client.query('commit');
    return { tables: tables.length, rows };
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  }
}

/** Reads lines and counted bytes from a stream of chunks. */
class FrameReader {
  private buffer: Buffer = Buffer.alloc(0);
  private readonly chunks: AsyncIterator<Buffer>;
  constructor(source: AsyncIterable<Buffer>) {
    this.chunks = source[Symbol.asyncIterator]();
  }
  private async fill(): Promise<boolean> {
    const next = await this.chunks.next();
    if (next.done) return false;
    this.buffer = this.buffer.length ? Buffer.concat([this.buffer, next.value]) : next.value;
    return true;
  }
  async line(): Promise<string> {
    for (;;) {
      const end = this.buffer.indexOf(10);
      if (end >= 0) {
        const text = this.buffer.subarray(0, end).toString('utf8');
        this.buffer = this.buffer.subarray(end + 1);
        return text;
      }
      if (this.buffer.length > 64 * 1024 * 1024) throw new BackupError('not a backup file (no line end)');
      if (!(await this.fill())) throw new BackupError('the backup file ends too early');
    }
  }
  async bytes(count: number): Promise<Buffer> {
    while (this.buffer.length < count) {
      if (!(await this.fill())) throw new BackupError('the backup file ends too early');
    }
    const taken = this.buffer.subarray(0, count);
    this.buffer = this.buffer.subarray(count);
    return taken;
  }
}

async function hasBusinessData(client: pg.ClientBase): Promise<string | undefined> {
  for (const table of BUSINESS_TABLES) {
    const { rows } = await client.query<{ found: boolean }>(
      `select exists (select 1 from ${quote(table)}) as found`,
    );
    if (rows[0]?.found) return table;
  }
  return undefined;
}

/** Sets each sequence owned by a public table's column past the values restored. */
async function resetSequences(client: pg.ClientBase): Promise<void> {
  const { rows } = await client.query<{ seq: string; tbl: string; col: string }>(
    `select s.oid::regclass::text as seq, t.relname as tbl, a.attname as col
       from pg_class s
       join pg_depend d on d.objid = s.oid and d.deptype in ('a', 'i')
       join pg_class t on t.oid = d.refobjid
       join pg_attribute a on a.attrelid = t.oid and a.attnum = d.refobjsubid
      where s.relkind = 'S' and t.relnamespace = 'public'::regnamespace`,
  );
  for (const row of rows) {
    await client.query(
      `select setval($1::regclass, coalesce((select max(${quote(row.col)}) from ${quote(row.tbl)}), 0) + 1, false)`,
      [row.seq],
    );
  }
}

/**
 * Restores a backup into the database `client` is connected to, already migrated to this version's
 * schema: in one transaction, every public table emptied then filled from the file. Refuses (and changes
 * nothing) when the database already holds business data, unless `force`; when the file is not a backup,
 * is cut short, or comes from a newer version (a migration or a column this version does not know).
 */
export async function restoreBackup(
  client: pg.ClientBase,
  input: Readable,
  options: { force: boolean },
): Promise<BackupSummary> {
  const gunzip = createGunzip();
  const unzipping = pipeline(input, gunzip).catch((error: unknown) => {
    gunzip.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  const reader = new FrameReader(gunzip);
  try {
    if ((await reader.line()) !== MAGIC) throw new BackupError('not an Éclat backup file');
    const header = parseHeader(await reader.line());
    const known = new Set(await appliedMigrations(client));
    if (header.migrations.some((hash) => !known.has(hash))) {
      throw new BackupError('the backup comes from a newer version of Éclat: update this one first');
    }
    const current = new Map((await tablesInOrder(client)).map((table) => [table.name, table.columns]));
    for (const table of header.tables) {
      const columns = current.get(table.name);
      const unknown = columns ? table.columns.filter((column) => !columns.includes(column)) : [table.name];
      if (unknown.length) {
        throw new BackupError(`the backup has ${table.name} ${unknown.join(', ')}, unknown to this version`);
      }
    }
    await client.query('begin');
    try {
      const busy = await hasBusinessData(client);
      if (busy && !options.force) {
        throw new BackupError(
          `the database already has data (${busy}): restore into an empty one, or add --force to replace it`,
        );
      }
      await client.query(`truncate ${[...current.keys()].map(quote).join(', ')} cascade`);
      let rows = 0;
      for (const table of header.tables) {
        if ((await reader.line()) !== `TABLE ${table.name}`)
          throw new BackupError('the backup file is damaged');
        const copy = client.query(
          copyFrom(`copy ${quote(table.name)} (${table.columns.map(quote).join(', ')}) from stdin`),
        );
        const copied = new Promise<void>((resolve, reject) => {
          copy.once('finish', resolve);
          copy.once('error', reject);
        });
        try {
          for (;;) {
            const length = Number.parseInt(await reader.line(), 10);
            if (!Number.isSafeInteger(length) || length < 0) {
              throw new BackupError('the backup file is damaged');
            }
            if (length === 0) break;
            await write(copy, await reader.bytes(length));
          }
        } catch (error) {
          // Ends the COPY with a failure (CopyFail), so the connection can roll back.
          copy.destroy(error instanceof Error ? error : new Error(String(error)));
          await copied.catch(() => undefined);
          throw error;
        }
        copy.end();
        await copied;
        const counted = /^ROWS (\d+)$/.exec(await reader.line());
        if (!counted || Number(counted[1]) !== copy.rowCount) {
          throw new BackupError(`the backup file is damaged (${table.name})`);
        }
        rows += copy.rowCount;
      }
      if ((await reader.line()) !== 'END') throw new BackupError('the backup file is damaged');
      await resetSequences(client);
      await client.query('commit');
      return { tables: header.tables.length, rows };
    } catch (error) {
      await client.query('rollback').catch(() => undefined);
      throw error;
    }
  } catch (error) {
    // zlib refused the bytes (Z_DATA_ERROR: not gzip at all; Z_BUF_ERROR: cut short).
    if (error instanceof Error && 'code' in error && String(error.code).startsWith('Z_')) {
      throw new BackupError('not an Éclat backup file, or a damaged one');
    }
    throw error;
  } finally {
    input.destroy();
    await unzipping;
  }
}

function parseHeader(line: string): BackupHeader {
  try {
    return headerSchema.parse(JSON.parse(line));
  } catch {
    throw new BackupError('the backup file is damaged (its header)');
  }
}

import { open, readFile } from 'node:fs/promises';
import { createReadStream } from 'node:fs';
import { PassThrough, Readable, type Writable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { Decrypter, Encrypter } from 'age-encryption';
import type { AppConfig } from '../config.ts';
import { BackupError } from './backup.ts';

/**
 * Encrypted backups (decision 028): the backup file, as `writeBackup` writes it, encrypted in the age
 * format (age-encryption.org/v1: a text header with one stanza per recipient, then the data in 64 KiB
 * ChaCha20-Poly1305 chunks), by age-encryption, the age author's TypeScript implementation. The file can
 * also be opened with the `age` command: `age -d eclat-....backup.age | gunzip`.
 *
 * - With a passphrase: one `scrypt` stanza (work factor 2^18, about 1.5 s and 256 MiB, once per file).
 * - For public keys (`age1...`): one `X25519` stanza per key; the server holds no secret that reads them.
 */

/** The first line of every age file. */
export const AGE_MAGIC = 'age-encryption.org/v1\n';

export type BackupEncryption = { passphrase: string } | { recipients: string[] };

/** How `config` says backups are encrypted; undefined when they are not. */
export function backupEncryption(backup: AppConfig['backup']): BackupEncryption | undefined {
  if (backup.passphrase) return { passphrase: backup.passphrase };
  if (backup.recipients.length > 0) return { recipients: backup.recipients };
  return undefined;
}

/** Said once per run (or per start of the server) when backups are written in clear. */
export function unencryptedWarning(what: string): string {
  return (
    `${what} not encrypted: a backup holds the sign-in signing key, the cookie secret, password hashes ` +
    'and live sessions, so anyone with a copy can sign in as whichever account they choose. Set BACKUP_PASSPHRASE (a long ' +
    "random passphrase) or BACKUP_RECIPIENT (an age public key, age1...) to encrypt backups; see the README's Backups."
  );
}

/**
 * A stream to write a backup into, encrypted on its way to `out`. The key is derived before this
 * resolves (the scrypt work happens here, not while the database snapshot is open). `done` settles when
 * the encrypted bytes are all written to `out` (or rejects with the first failure, and the input then
 * fails too).
 */
export async function encryptingStream(
  encryption: BackupEncryption,
  out: Writable,
): Promise<{ input: Writable; done: Promise<void> }> {
  const encrypter = new Encrypter();
  if ('passphrase' in encryption) encrypter.setPassphrase(encryption.passphrase);
  else for (const recipient of encryption.recipients) encrypter.addRecipient(recipient);
  const input = new PassThrough();
  const encrypted = await encrypter.encrypt(Readable.toWeb(input) as ReadableStream<Uint8Array>);
  const output = Readable.fromWeb(encrypted as WebReadableStream<Uint8Array>);
  const done = new Promise<void>((resolve, reject) => {
    const fail = (error: Error) => {
      input.destroy(error);
      output.destroy();
      out.destroy();
      reject(error);
    };
    output.once('error', fail);
    out.once('error', fail);
    out.once('finish', resolve);
    output.pipe(out);
  });
  // The failure is told by `done`; the input's writer hears it as its own stream's error.
  done.catch(() => undefined);
  return { input, done };
}

/** What opens a backup: a passphrase, and age identities (secret keys). */
export type BackupKeys = { passphrase?: string | undefined; identities: string[] };

/** How a backup file is encrypted: `passphrase`, `recipients` (age public keys), or `none`. */
export async function encryptionOfFile(file: string): Promise<'passphrase' | 'recipients' | 'none'> {
  const handle = await open(file, 'r');
  try {
    const head = Buffer.alloc(4096);
    const { bytesRead } = await handle.read(head, 0, head.length, 0);
    const text = head.subarray(0, bytesRead).toString('latin1');
    if (!text.startsWith(AGE_MAGIC)) return 'none';
    return text.includes('\n-> scrypt ') ? 'passphrase' : 'recipients';
  } finally {
    await handle.close();
  }
}

/** The identities of an age identity file: its `AGE-SECRET-KEY-` lines (comments and blanks skipped). */
export async function readIdentityFile(file: string): Promise<string[]> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch {
    throw new BackupError(`BACKUP_IDENTITY names ${file}, which cannot be read`);
  }
  const keys = text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line.startsWith('AGE-SECRET-KEY-'));
  if (keys.length === 0) throw new BackupError(`${file} holds no age secret key (AGE-SECRET-KEY-1...)`);
  return keys;
}

/**
 * The backup in `file`, decrypted as it is read when it is an age file. The passphrase or key is checked
 * before this resolves (the file's header is authenticated): a wrong one is refused here, before anything
 * else is touched. Bytes changed later in the file are refused while reading (each chunk is authenticated),
 * as a BackupError.
 */
export async function openBackup(file: string, keys: BackupKeys): Promise<Readable> {
  const kind = await encryptionOfFile(file);
  if (kind === 'none') return createReadStream(file);
  const decrypter = new Decrypter();
  if (kind === 'passphrase') {
    if (!keys.passphrase)
      throw new BackupError('this backup is encrypted with a passphrase, and none was given');
    decrypter.addPassphrase(keys.passphrase);
  } else {
    if (keys.identities.length === 0) {
      throw new BackupError(
        'this backup is encrypted for an age public key: set BACKUP_IDENTITY to the matching secret key (AGE-SECRET-KEY-1...) or to the file that holds it',
      );
    }
    for (const identity of keys.identities) decrypter.addIdentity(identity);
  }
  const source = createReadStream(file);
  let decrypted: ReadableStream<Uint8Array>;
  try {
    decrypted = await decrypter.decrypt(Readable.toWeb(source) as ReadableStream<Uint8Array>);
  } catch (error) {
    source.destroy();
    const reason = error instanceof Error ? error.message : '';
    if (reason.includes('no identity matched')) {
      throw new BackupError(
        kind === 'passphrase'
          ? 'wrong passphrase: this backup was encrypted with another one'
          : 'BACKUP_IDENTITY is not the key this backup was encrypted for',
      );
    }
    throw new BackupError('the backup file is damaged (its encryption header does not check)');
  }
  return Readable.from(authenticated(decrypted, source));
}

/** The decrypted chunks; a chunk that fails its authentication (changed or cut short) is a BackupError. */
async function* authenticated(
  decrypted: ReadableStream<Uint8Array>,
  source: Readable,
): AsyncGenerator<Buffer> {
  const reader = decrypted.getReader();
  try {
    for (;;) {
      let next: Awaited<ReturnType<typeof reader.read>>;
      try {
        next = await reader.read();
      } catch {
        throw new BackupError('the backup file is damaged or was changed (its encryption does not check)');
      }
      if (next.done) return;
      yield Buffer.from(next.value.buffer, next.value.byteOffset, next.value.byteLength);
    }
  } finally {
    await reader.cancel().catch(() => undefined);
    source.destroy();
  }
}

import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { link, mkdir, readFile, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Text sealed at rest with AES-256-GCM (decision 065): a random 12-byte nonce per sealing, the 16-byte tag
 * after the ciphertext, and the key's id (its fingerprint) kept beside them so that a rotated key still
 * opens what it sealed. What is sealed is bound to its row (`context`, the associated data): a sealed
 * value copied onto another row does not open.
 */

export type SealingKey = { id: string; key: Buffer };
/** The key that seals, then the earlier keys that still open. */
export type SealingKeys = { current: SealingKey; previous: SealingKey[] };
export type Sealed = { keyId: string; iv: Buffer; sealed: Buffer };

const IV_BYTES = 12;
const TAG_BYTES = 16;

/** A key from its base64 text; its id is the first 16 hex digits of SHA-256 of the key. */
export function sealingKey(base64: string): SealingKey {
  const key = Buffer.from(base64, 'base64');
  if (key.length !== 32) throw new Error('A sealing key is 32 bytes.');
  return { id: createHash('sha256').update(key).digest('hex').slice(0, 16), key };
}

export function seal(keys: SealingKeys, plaintext: string, context: string): Sealed {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', keys.current.key, iv);
  cipher.setAAD(Buffer.from(context, 'utf8'));
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return { keyId: keys.current.id, iv, sealed: Buffer.concat([body, cipher.getAuthTag()]) };
}

/** The text, or null when no key we hold has that id or the value was changed (the tag does not match). */
export function unseal(keys: SealingKeys, value: Sealed, context: string): string | null {
  const key = [keys.current, ...keys.previous].find((candidate) => candidate.id === value.keyId);
  if (!key || value.sealed.length < TAG_BYTES || value.iv.length !== IV_BYTES) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key.key, value.iv);
    decipher.setAAD(Buffer.from(context, 'utf8'));
    decipher.setAuthTag(value.sealed.subarray(value.sealed.length - TAG_BYTES));
    const body = value.sealed.subarray(0, value.sealed.length - TAG_BYTES);
    return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}

const isErrorCode = (error: unknown, code: string) =>
  error instanceof Error && 'code' in error && error.code === code;

/**
 * The key kept in `file` (base64, one line), made once when there is none: written beside it, then linked
 * into place, so processes starting together all read the one key that won (mode 0600).
 */
export async function keyFromFile(file: string): Promise<string> {
  try {
    return (await readFile(file, 'utf8')).trim();
  } catch (error) {
    if (!isErrorCode(error, 'ENOENT')) throw error;
  }
  await mkdir(path.dirname(file), { recursive: true });
  const draft = `${file}.${String(process.pid)}.${randomBytes(4).toString('hex')}`;
  await writeFile(draft, `${randomBytes(32).toString('base64')}\n`, { mode: 0o600 });
  try {
    await link(draft, file);
  } catch (error) {
    if (!isErrorCode(error, 'EEXIST')) throw error;
  } finally {
    await unlink(draft);
  }
  return (await readFile(file, 'utf8')).trim();
}

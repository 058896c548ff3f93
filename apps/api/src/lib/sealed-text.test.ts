import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { keyFromFile, seal, sealingKey, unseal } from './sealed-text.ts';

const newKey = () => sealingKey(randomBytes(32).toString('base64'));

describe('text sealed at rest (AES-256-GCM, decision 065)', () => {
  it('opens with its key and its row only; a changed byte does not open', () => {
    const key = newKey();
    const keys = { current: key, previous: [] };
    const sealed = seal(keys, 'Door 4711#', 'access-notes:a');
    expect(sealed.keyId).toBe(key.id);
    expect(sealed.sealed.toString('latin1')).not.toContain('4711');
    expect(unseal(keys, sealed, 'access-notes:a')).toBe('Door 4711#');
    expect(unseal(keys, sealed, 'access-notes:b')).toBeNull();
    const changed = Buffer.from(sealed.sealed);
    changed[0] = (changed[0] ?? 0) ^ 1;
    expect(unseal(keys, { ...sealed, sealed: changed }, 'access-notes:a')).toBeNull();
    // Two sealings of one text differ (a fresh nonce each).
    expect(seal(keys, 'Door 4711#', 'access-notes:a').sealed.equals(sealed.sealed)).toBe(false);
  });

  it('after a rotation, the previous key still opens what it sealed; an unknown key id does not', () => {
    const old = newKey();
    const sealed = seal({ current: old, previous: [] }, 'Alarm 9090', 'c');
    const rotated = { current: newKey(), previous: [old] };
    expect(unseal(rotated, sealed, 'c')).toBe('Alarm 9090');
    expect(seal(rotated, 'Alarm 9090', 'c').keyId).toBe(rotated.current.id);
    expect(unseal({ current: newKey(), previous: [] }, sealed, 'c')).toBeNull();
  });

  it('makes the development key once, readable by its owner only, and reads the same one after', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'eclat-sealed-'));
    try {
      const file = path.join(dir, 'access-notes.key');
      const made = await Promise.all([keyFromFile(file), keyFromFile(file), keyFromFile(file)]);
      expect(new Set(made).size).toBe(1);
      expect(Buffer.from(made[0], 'base64')).toHaveLength(32);
      expect(await keyFromFile(file)).toBe(made[0]);
      expect((await readFile(file, 'utf8')).trim()).toBe(made[0]);
      expect((await stat(file)).mode & 0o777).toBe(0o600);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

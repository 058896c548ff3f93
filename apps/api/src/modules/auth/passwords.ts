import { hash, verify } from '@node-rs/argon2';
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';

export const MIN_PASSWORD_LENGTH = 10;
export const MAX_PASSWORD_LENGTH = 200;

const strength = new ZxcvbnFactory({ dictionary: { ...common.dictionary }, graphs: common.adjacencyGraphs });

/** argon2id (the library's default algorithm) with its recommended cost (19 MiB, 2 passes). */
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  if (!passwordHash) {
    // Spend the same time as a real check, so a missing account cannot be told apart by timing.
    await hash(password);
    return false;
  }
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

export type PasswordProblem = 'tooShort' | 'tooLong' | 'tooCommon';

/** Length first, then a check against common passwords and easy patterns (keyboard rows, sequences). */
export function checkPasswordPolicy(password: string, userInputs: string[] = []): PasswordProblem | null {
  if (password.length < MIN_PASSWORD_LENGTH) return 'tooShort';
  if (password.length > MAX_PASSWORD_LENGTH) return 'tooLong';
  const result = strength.check(password, userInputs);
  return result.score < 3 ? 'tooCommon' : null;
}

import fs from 'node:fs/promises';
import path from 'node:path';
import { expect } from '@playwright/test';
import PostalMime, { type Email } from 'postal-mime';

/**
 * The first email to `to` that `pick` accepts, from the `.eml` files a server without SMTP writes under
 * DATA_DIR/mail, newest first, waiting for the job queue to deliver it. Returns what `pick` returned.
 */
export async function fromMailbox<T>(
  to: string,
  pick: (email: Email) => T | undefined,
  dataDir = process.env.E2E_DATA_DIR,
): Promise<T> {
  const mailbox = path.join(dataDir ?? '', 'mail');
  const safeTo = to.replace(/[^a-zA-Z0-9@._-]/g, '_');
  let found: T | undefined;
  await expect
    .poll(
      async () => {
        const files = (await fs.readdir(mailbox).catch(() => [])).filter((file) =>
          file.endsWith(`-${safeTo}.eml`),
        );
        for (const file of files.sort().reverse()) {
          found = pick(await PostalMime.parse(await fs.readFile(path.join(mailbox, file), 'utf8')));
          if (found !== undefined) return true;
        }
        return false;
      },
      { timeout: 20_000, intervals: [250] },
    )
    .toBe(true);
  return found as T;
}

import path from 'node:path';
import type { AppConfig } from '../../config.ts';
import { keyFromFile, sealingKey, type SealingKeys } from '../../lib/sealed-text.ts';

/** Where the key made once lives when ACCESS_NOTES_KEY is unset (decision 065). */
export const accessNotesKeyFile = (dataDir: string) => path.join(dataDir, 'access-notes.key');

/**
 * The keys access notes are sealed and opened with: ACCESS_NOTES_KEY, else the key kept in
 * DATA_DIR/access-notes.key (made on the first start); ACCESS_NOTES_PREVIOUS_KEYS still open.
 */
export async function accessNotesKeys(config: AppConfig): Promise<SealingKeys> {
  const current = config.accessNotes.key ?? (await keyFromFile(accessNotesKeyFile(config.dataDir)));
  return {
    current: sealingKey(current),
    previous: config.accessNotes.previousKeys.map(sealingKey),
  };
}

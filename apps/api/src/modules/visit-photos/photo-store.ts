import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * Where the photos of visits are kept (issue 30 §4, decision 068): a port, so that an S3-compatible store
 * can take the place of DATA_DIR by configuration later. Names are made by the server
 * (`<visit id>/<photo id>.jpg`), never from the uploaded file's name.
 */
export type PhotoStore = {
  /** Keeps the bytes under `name` (replacing nothing: every name is new). */
  put(name: string, content: Buffer): Promise<void>;
  /** The bytes under `name`, or null when there are none. */
  get(name: string): Promise<Buffer | null>;
};

const SAFE_NAME = /^[0-9a-f-]{36}\/[0-9a-f-]{36}\.jpg$/;

function checkedName(name: string): string {
  if (!SAFE_NAME.test(name)) throw new Error(`Not a photo's storage name: ${name}`);
  return name;
}

/** The photo's name in the store: its visit's folder and its own id. */
export const photoStorageName = (appointmentId: string, photoId: string) =>
  checkedName(`${appointmentId}/${photoId}.jpg`);

/**
 * The default store: files in a folder (PHOTOS_DIR, else `DATA_DIR/visit-photos`), readable by the server's
 * user only, written to a temporary name first and renamed, so that a reader never sees half a photo.
 * Several instances share one folder (a network mount). `npm run backup` does not carry them (decision 068).
 */
export function folderPhotoStore(root: string): PhotoStore {
  const fileOf = (name: string) => path.join(root, ...checkedName(name).split('/'));
  return {
    async put(name, content) {
      const file = fileOf(name);
      await fs.mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
      const temporary = `${file}.${randomUUID()}.part`;
      await fs.writeFile(temporary, content, { mode: 0o600 });
      await fs.rename(temporary, file);
    },
    async get(name) {
      try {
        return await fs.readFile(fileOf(name));
      } catch (error) {
        if (error instanceof Error && 'code' in error && error.code === 'ENOENT') return null;
        throw error;
      }
    },
  };
}

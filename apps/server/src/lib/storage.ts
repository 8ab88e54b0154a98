import { mkdir, readFile, rename, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Where uploaded images are kept: a small interface, so an object store can take the local
 * disk's place later. Keys are relative paths made of safe segments ('school/image.webp').
 */
export interface ImageStorage {
  put(key: string, data: Buffer): Promise<void>;
  /** null when there is no such file. */
  get(key: string): Promise<Buffer | null>;
  /** Removes the file; nothing when there is none. */
  remove(key: string): Promise<void>;
}

const SAFE_KEY = /^[a-zA-Z0-9-]+(\/[a-zA-Z0-9-]+)*\.[a-z0-9]+$/;

/** Files under `root` on the local disk (DATA_DIR/uploads); writes are atomic (a temporary file renamed). */
function diskStorage(root: string): ImageStorage {
  const file = (key: string) => {
    if (!SAFE_KEY.test(key)) throw new Error(`unsafe storage key ${key}`);
    return path.join(root, key);
  };
  return {
    async put(key, data) {
      const target = file(key);
      await mkdir(path.dirname(target), { recursive: true });
      const tmp = `${target}.${process.pid}.${Date.now()}.tmp`;
      await writeFile(tmp, data);
      await rename(tmp, target);
    },
    async get(key) {
      try {
        return await readFile(file(key));
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw err;
      }
    },
    async remove(key) {
      try {
        await unlink(file(key));
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
      }
    },
  };
}

const disks = new Map<string, ImageStorage>();
/** One storage per data directory, shared by the routes that write and serve images. */
export function imageStorage(dataDir: string): ImageStorage {
  const root = path.resolve(dataDir, 'uploads');
  let s = disks.get(root);
  if (!s) disks.set(root, (s = diskStorage(root)));
  return s;
}

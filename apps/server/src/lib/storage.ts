import { AwsClient } from 'aws4fetch';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { storedImages } from '../db/schema.js';

/** A kept image and the type it was stored with. */
interface StoredImage {
  data: Buffer;
  contentType: string;
}

/**
 * Where uploaded images are kept, outside any one server (docs/decisions/098-pictures-in-the-database.md):
 * the database by default, an S3-compatible object store when S3_URL names one. Keys are
 * '{school id}/{name}' ('school/image.webp'); a key is written once, so what it names never changes.
 */
export interface ImageStorage {
  /** Keeps the image under the key, replacing what it held (so a repeated put is harmless). */
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  /** null when there is no such image. */
  get(key: string): Promise<StoredImage | null>;
  /** Removes the image; nothing when there is none. */
  remove(key: string): Promise<void>;
}

const KEY =
  /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\/([a-zA-Z0-9-]+\.[a-z0-9]+)$/;

/** The key's school and name; a key of another shape never reaches a store. */
function splitKey(key: string): { schoolId: string; name: string } {
  const m = KEY.exec(key);
  if (!m) throw new Error(`unsafe storage key ${key}`);
  return { schoolId: m[1]!, name: m[2]! };
}

/** Rows of `stored_images`, keyed by (school_id, name) like every school's table. */
function databaseStorage(db: Db): ImageStorage {
  const where = (key: string) => {
    const { schoolId, name } = splitKey(key);
    return and(eq(storedImages.schoolId, schoolId), eq(storedImages.name, name));
  };
  return {
    async put(key, data, contentType) {
      const { schoolId, name } = splitKey(key);
      await db
        .insert(storedImages)
        .values({ schoolId, name, contentType, data })
        .onConflictDoUpdate({
          target: [storedImages.schoolId, storedImages.name],
          set: { contentType, data },
        });
    },
    async get(key) {
      const [row] = await db
        .select({ data: storedImages.data, contentType: storedImages.contentType })
        .from(storedImages)
        .where(where(key));
      if (!row) return null;
      const bytes = row.data;
      return {
        data: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength),
        contentType: row.contentType,
      };
    },
    async remove(key) {
      await db.delete(storedImages).where(where(key));
    },
  };
}

/** An S3 request answers within this, or fails. */
const S3_TIMEOUT_MS = 15_000;

/** What S3_URL says: `http(s)://ACCESS_KEY:SECRET@host[:port][/path]/bucket[?region=…]`, path-style. */
export function parseS3Url(s3Url: string): {
  accessKeyId: string;
  secretAccessKey: string;
  bucketUrl: string;
  region: string;
} {
  let url: URL;
  try {
    url = new URL(s3Url);
  } catch {
    throw new Error('S3_URL is not a URL: http://KEY:SECRET@host/bucket');
  }
  const accessKeyId = decodeURIComponent(url.username);
  const secretAccessKey = decodeURIComponent(url.password);
  const path = url.pathname.replace(/\/+$/, '');
  if (!/^https?:$/.test(url.protocol))
    throw new Error('S3_URL must start with http:// or https://');
  if (!accessKeyId || !secretAccessKey)
    throw new Error('S3_URL must carry the access key and secret: http://KEY:SECRET@host/bucket');
  if (!/\/[a-z0-9][a-z0-9.-]{1,62}$/.test(path))
    throw new Error('S3_URL must end with the bucket: http://KEY:SECRET@host/bucket');
  return {
    accessKeyId,
    secretAccessKey,
    bucketUrl: `${url.protocol}//${url.host}${path}`,
    region: url.searchParams.get('region') || 'us-east-1',
  };
}

/** Objects '{bucket}/{key}' of an S3-compatible store, requests signed with AWS Signature V4. */
function s3Storage(s3Url: string): ImageStorage {
  const { accessKeyId, secretAccessKey, bucketUrl, region } = parseS3Url(s3Url);
  const client = new AwsClient({ accessKeyId, secretAccessKey, service: 's3', region });
  const send = async (method: string, key: string, init: RequestInit = {}) => {
    splitKey(key);
    return client.fetch(`${bucketUrl}/${key}`, {
      ...init,
      method,
      signal: AbortSignal.timeout(S3_TIMEOUT_MS),
    });
  };
  // The store's answer says why, never the signed URL (its address and the key are enough).
  const failed = async (res: Response, what: string) => {
    await res.body?.cancel();
    return new Error(`S3 ${what} answered ${res.status} ${res.statusText}`);
  };
  return {
    async put(key, data, contentType) {
      const res = await send('PUT', key, {
        body: new Uint8Array(data),
        headers: { 'content-type': contentType },
      });
      if (!res.ok) throw await failed(res, `PUT ${key}`);
      await res.body?.cancel();
    },
    async get(key) {
      const res = await send('GET', key);
      if (res.status === 404) {
        await res.body?.cancel();
        return null;
      }
      if (!res.ok) throw await failed(res, `GET ${key}`);
      return {
        data: Buffer.from(await res.arrayBuffer()),
        contentType: res.headers.get('content-type') ?? 'application/octet-stream',
      };
    },
    async remove(key) {
      const res = await send('DELETE', key);
      if (!res.ok && res.status !== 404) throw await failed(res, `DELETE ${key}`);
      await res.body?.cancel();
    },
  };
}

/** The deployment's image storage: the S3-compatible store S3_URL names, else the database. */
export const imageStorage = (env: { S3_URL?: string | undefined }, db: Db): ImageStorage =>
  env.S3_URL ? s3Storage(env.S3_URL) : databaseStorage(db);

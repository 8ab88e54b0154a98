import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { and, asc, count, eq, gt, inArray, isNull, lt, or, sql, sum } from 'drizzle-orm';
import sharp, { type Metadata } from 'sharp';
import {
  MAX_PICTURE_PIXELS,
  MAX_SCHOOL_PICTURE_BYTES,
  MAX_SCHOOL_PICTURES,
  MAX_UPLOAD_BYTES,
  msg,
  pictureQuotaMessage,
  pictureTooManyPixelsMessage,
  type UploadDone,
  type UploadUrl,
} from '@app/domain';
import type { Db, Queryable } from '../../db/client.js';
import { products, uploadedImages, uploadGrants } from '../../db/schema.js';
import { keepsStoreOf } from '../../access/products.js';
import type { AuthUser } from '../../lib/auth-context.js';
import { badRequest, conflict, forbidden, HttpError, notFound } from '../../lib/errors.js';
import { isUuid } from '../../lib/ids.js';
import { hit, type Limit } from '../../lib/rate-limit.js';
import type { ImageStorage } from '../../lib/storage.js';
import { hashToken, newToken } from '../../lib/tokens.js';

/** An upload URL is good for this long, once. */
const UPLOAD_TTL_MS = 10 * 60 * 1000;
/** Images are kept at most this wide and high (keeping their shape), as WebP. */
const MAX_IMAGE_SIDE = 800;
/** A picture no product uses is removed this long after its upload (the cleanup job, hourly). */
const UNUSED_PICTURE_TTL_MS = 24 * 60 * 60 * 1000;
const FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'heif', 'tiff']);
const LINK_GONE = msg('msg.uploadLinkGone');

export const imageKey = (schoolId: string, imageId: string) => `${schoolId}/${imageId}.webp`;
export const imagePath = (schoolId: string, imageId: string) =>
  `/uploads/${imageKey(schoolId, imageId)}`;

/**
 * Upload URLs a caller may ask for (docs/decisions/061-product-pictures.md): 30 per 10 minutes and 200 a
 * day per user, 500 an hour per school. Enough to fill a store's pictures in one sitting, not to
 * flood the grants or the re-encoding.
 */
const uploadUrlLimits = (u: AuthUser): Limit[] => [
  { key: `upload-url:user:${u.id}`, max: 30, windowSeconds: 10 * 60 },
  { key: `upload-url:user:${u.id}`, max: 200, windowSeconds: 24 * 60 * 60 },
  { key: `upload-url:school:${u.schoolId}`, max: 500, windowSeconds: 60 * 60 },
];

const quotaFull = () =>
  conflict(pictureQuotaMessage(MAX_SCHOOL_PICTURES, MAX_SCHOOL_PICTURE_BYTES / 1024 / 1024));

/** How many pictures a school keeps, and their bytes (used or not: unused ones count until removed). */
async function schoolPictures(
  db: Queryable,
  schoolId: string,
): Promise<{ pictures: number; bytes: number }> {
  const [row] = await db
    .select({ pictures: count(), bytes: sum(uploadedImages.bytes) })
    .from(uploadedImages)
    .where(eq(uploadedImages.schoolId, schoolId));
  return { pictures: Number(row?.pictures ?? 0), bytes: Number(row?.bytes ?? 0) };
}

/**
 * GET utility/upload-url/{id}: `{id}` is the product the image is for (one the caller manages)
 * or `new` for a product not saved yet. Answers a one-time URL of this server, good for 10
 * minutes, to PUT the image to, and the path the image will have. Rate limited (429), and
 * refused (409) when the school keeps its most pictures already.
 */
export async function createUploadUrl(db: Db, u: AuthUser, id: string): Promise<UploadUrl> {
  await hit(db, uploadUrlLimits(u));
  if (id !== 'new') {
    if (!isUuid(id)) throw notFound(msg('msg.productNotFound'));
    const [p] = await db
      .select()
      .from(products)
      .where(and(eq(products.schoolId, u.schoolId), eq(products.id, id)));
    if (!p || p.deletedAt) throw notFound(msg('msg.productNotFound'));
    if (!keepsStoreOf(u, p)) throw forbidden(msg('msg.otherStoresProduct'));
  }
  const kept = await schoolPictures(db, u.schoolId);
  if (kept.pictures >= MAX_SCHOOL_PICTURES || kept.bytes >= MAX_SCHOOL_PICTURE_BYTES)
    throw quotaFull();
  const token = newToken();
  const imageId = randomUUID();
  const expiresAt = new Date(Date.now() + UPLOAD_TTL_MS);
  await db.insert(uploadGrants).values({
    tokenHash: hashToken(token),
    schoolId: u.schoolId,
    userId: u.id,
    imageId,
    expiresAt,
  });
  return {
    uploadUrl: `/api/v1/uploads/${token}`,
    image: imagePath(u.schoolId, imageId),
    expiresAt: expiresAt.toISOString(),
    maxBytes: MAX_UPLOAD_BYTES,
  };
}

/**
 * Re-encodes an upload: only real images (by content) of at most MAX_PICTURE_PIXELS pixels, turned
 * upright, at most 800 px a side, WebP, no metadata. The size is read from the header first, so a
 * huge picture is named as such (413) before anything is decoded.
 */
async function reencode(data: Buffer): Promise<{ webp: Buffer; width: number; height: number }> {
  let meta: Metadata | undefined;
  try {
    meta = await sharp(data, { limitInputPixels: false }).metadata();
  } catch {
    meta = undefined;
  }
  if (!meta?.format || !FORMATS.has(meta.format)) throw badRequest(msg('msg.notAnImage'));
  const width = meta.width ?? 0;
  const height = meta.pageHeight ?? meta.height ?? 0;
  if (width * height > MAX_PICTURE_PIXELS)
    throw new HttpError(413, pictureTooManyPixelsMessage(width, height, MAX_PICTURE_PIXELS));
  try {
    const { data: webp, info } = await sharp(data, {
      limitInputPixels: MAX_PICTURE_PIXELS,
      failOn: 'error',
    })
      .rotate()
      .resize({
        width: MAX_IMAGE_SIDE,
        height: MAX_IMAGE_SIDE,
        fit: 'inside',
        withoutEnlargement: true,
      })
      .webp({ quality: 80 })
      .toBuffer({ resolveWithObject: true });
    return { webp, width: info.width, height: info.height };
  } catch {
    throw badRequest(msg('msg.imageUnreadable'));
  }
}

/** Serialises the quota check and the new picture's row per school. */
const lockSchoolPictures = (tx: Queryable, schoolId: string) =>
  tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`pictures:${schoolId}`}))`);

/**
 * PUT uploads/{token}: checks and re-encodes the image for a live grant, then in one transaction
 * takes the grant (once, before it expires), checks the school's quota (409) and records the
 * picture; then keeps the file. A refused image leaves the link usable until it expires.
 */
export async function acceptUpload(
  db: Db,
  storage: ImageStorage,
  token: string,
  data: unknown,
): Promise<UploadDone> {
  const live = and(
    eq(uploadGrants.tokenHash, hashToken(token)),
    isNull(uploadGrants.usedAt),
    gt(uploadGrants.expiresAt, new Date()),
  );
  const [open] = await db
    .select({ tokenHash: uploadGrants.tokenHash })
    .from(uploadGrants)
    .where(live);
  if (!open) throw notFound(LINK_GONE);
  if (!Buffer.isBuffer(data) || !data.length) throw badRequest(msg('msg.uploadBodyMissing'));
  const { webp, width, height } = await reencode(data);
  const grant = await db.transaction(async (tx) => {
    const [g] = await tx.update(uploadGrants).set({ usedAt: new Date() }).where(live).returning();
    if (!g) throw notFound(LINK_GONE);
    await lockSchoolPictures(tx, g.schoolId);
    const kept = await schoolPictures(tx, g.schoolId);
    if (
      kept.pictures + 1 > MAX_SCHOOL_PICTURES ||
      kept.bytes + webp.length > MAX_SCHOOL_PICTURE_BYTES
    )
      throw quotaFull();
    await tx
      .insert(uploadedImages)
      .values({ schoolId: g.schoolId, id: g.imageId, userId: g.userId, bytes: webp.length });
    return g;
  });
  try {
    await storage.put(imageKey(grant.schoolId, grant.imageId), webp, 'image/webp');
  } catch (err) {
    await db
      .delete(uploadedImages)
      .where(
        and(eq(uploadedImages.schoolId, grant.schoolId), eq(uploadedImages.id, grant.imageId)),
      );
    throw err;
  }
  return { image: imagePath(grant.schoolId, grant.imageId), width, height, bytes: webp.length };
}

/**
 * Locks a picture of the school against removal until the transaction ends (FOR KEY SHARE, which
 * the removal's FOR UPDATE waits for or skips); false when the school has no such picture. A
 * product saved with a picture calls this in the transaction that writes it.
 */
export async function holdPicture(tx: Queryable, schoolId: string, path: string): Promise<boolean> {
  const m = /^\/uploads\/([0-9a-f-]{36})\/([0-9a-f-]{36})\.webp$/.exec(path);
  if (!m || m[1] !== schoolId) return false;
  const rows = await tx
    .select({ id: uploadedImages.id })
    .from(uploadedImages)
    .where(and(eq(uploadedImages.schoolId, schoolId), eq(uploadedImages.id, m[2]!)))
    .for('key share');
  return rows.length > 0;
}

/** No product (not deleted) names the picture. */
const unused = sql`not exists (select 1 from ${products} where ${products.schoolId} = ${uploadedImages.schoolId} and ${products.deletedAt} is null and ${products.image} = '/uploads/' || ${uploadedImages.schoolId}::text || '/' || ${uploadedImages.id}::text || '.webp')`;
const REMOVE_BATCH = 200;

/**
 * The cleanup job: removes pictures uploaded more than a day before `now` that no product uses,
 * their rows then their files. Race-safe: the candidates are locked (FOR UPDATE, skipping those a
 * product save holds), then deleted by a statement that reads the products again, so a product
 * saved meanwhile keeps its picture; a picture younger than a day is never a candidate.
 * Returns how many pictures went.
 */
export async function removeUnusedPictures(db: Db, storage: ImageStorage): Promise<number> {
  // By the database's clock, which wrote `created_at`: no skew with this server's.
  const before = sql`now() - make_interval(secs => ${UNUSED_PICTURE_TTL_MS / 1000})`;
  let removed = 0;
  for (;;) {
    const { seen, gone } = await db.transaction(async (tx) => {
      const candidates = await tx
        .select({ schoolId: uploadedImages.schoolId, id: uploadedImages.id })
        .from(uploadedImages)
        .where(and(lt(uploadedImages.createdAt, before), unused))
        .orderBy(asc(uploadedImages.createdAt))
        .limit(REMOVE_BATCH)
        .for('update', { skipLocked: true });
      if (!candidates.length) return { seen: 0, gone: [] };
      const locked = or(
        ...candidates.map((c) =>
          and(eq(uploadedImages.schoolId, c.schoolId), eq(uploadedImages.id, c.id)),
        ),
      );
      const gone = await tx
        .delete(uploadedImages)
        .where(and(locked, lt(uploadedImages.createdAt, before), unused))
        .returning({ schoolId: uploadedImages.schoolId, id: uploadedImages.id });
      return { seen: candidates.length, gone };
    });
    // Files after the commit: a rolled-back removal never loses a file.
    for (const g of gone) await storage.remove(imageKey(g.schoolId, g.id));
    removed += gone.length;
    if (seen < REMOVE_BATCH || !gone.length) return removed;
  }
}

/** Forgets used or expired grants (the cleanup job). */
export async function purgeUploadGrants(db: Db): Promise<void> {
  await db
    .delete(uploadGrants)
    .where(
      or(
        lt(uploadGrants.expiresAt, new Date()),
        lt(uploadGrants.usedAt, new Date(Date.now() - UPLOAD_TTL_MS)),
      ),
    );
}

/** Left in DATA_DIR/uploads once its pictures are in the storage, so later starts skip the folder. */
export const MOVED_MARKER = 'MOVED.txt';

/**
 * Once per install that kept its pictures on the disk (DATA_DIR/uploads/{school}/{id}.webp, before
 * docs/decisions/098-pictures-in-the-database.md): copies every picture the database knows into
 * `storage`, then writes MOVED.txt in the folder and leaves it. A start that stops halfway copies
 * again (a put replaces); files no picture row names stay behind. Returns how many were copied.
 */
export async function movePicturesFromDisk(
  db: Db,
  storage: ImageStorage,
  dataDir: string,
): Promise<number> {
  const root = path.resolve(dataDir, 'uploads');
  if (!existsSync(root) || existsSync(path.join(root, MOVED_MARKER))) return 0;
  let moved = 0;
  const schools = (await readdir(root, { withFileTypes: true })).filter(
    (d) => d.isDirectory() && isUuid(d.name),
  );
  for (const school of schools) {
    const files = (await readdir(path.join(root, school.name)))
      .map((f) => /^([0-9a-f-]{36})\.webp$/.exec(f)?.[1])
      .filter((id): id is string => !!id && isUuid(id));
    if (!files.length) continue;
    const known = await db
      .select({ id: uploadedImages.id })
      .from(uploadedImages)
      .where(and(eq(uploadedImages.schoolId, school.name), inArray(uploadedImages.id, files)));
    for (const { id } of known) {
      const data = await readFile(path.join(root, school.name, `${id}.webp`));
      await storage.put(imageKey(school.name, id), data, 'image/webp');
      moved++;
    }
  }
  await writeFile(
    path.join(root, MOVED_MARKER),
    `${moved} pictures of this folder were copied into the server's image storage on ${new Date().toISOString()}.\n` +
      'The server no longer reads this folder: it may be deleted once a backup holds the pictures.\n',
  );
  return moved;
}

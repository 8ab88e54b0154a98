import { randomUUID } from 'node:crypto';
import { and, eq, gt, isNull, lt, or } from 'drizzle-orm';
import sharp, { type Metadata } from 'sharp';
import { MAX_PICTURE_PIXELS, MSG, type UploadDone, type UploadUrl } from '@app/domain';
import type { Db, Queryable } from '../../db/client.js';
import { products, uploadedImages, uploadGrants } from '../../db/schema.js';
import { mayDo } from '../../access/permission.js';
import type { AuthUser } from '../../lib/auth-context.js';
import { badRequest, forbidden, HttpError, notFound } from '../../lib/errors.js';
import { isUuid } from '../../lib/ids.js';
import type { ImageStorage } from '../../lib/storage.js';
import { hashToken, newToken } from '../../lib/tokens.js';

/** An upload URL is good for this long, once. */
export const UPLOAD_TTL_MS = 10 * 60 * 1000;
/** The largest image accepted, before re-encoding. */
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
/** Images are kept at most this wide and high (keeping their shape), as WebP. */
export const MAX_IMAGE_SIDE = 800;
const FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'heif', 'tiff']);
const LINK_GONE = 'This upload link has expired or was used already. Ask for a new one.';

export const imageKey = (schoolId: string, imageId: string) => `${schoolId}/${imageId}.webp`;
export const imagePath = (schoolId: string, imageId: string) => `/uploads/${imageKey(schoolId, imageId)}`;

/**
 * GET utility/upload-url/{id}: `{id}` is the product the image is for (one the caller manages)
 * or `new` for a product not saved yet. Answers a one-time URL of this server, good for 10
 * minutes, to PUT the image to, and the path the image will have.
 */
export async function createUploadUrl(db: Queryable, u: AuthUser, id: string): Promise<UploadUrl> {
  if (id !== 'new') {
    if (!isUuid(id)) throw notFound('Product not found');
    const [p] = await db.select().from(products).where(and(eq(products.schoolId, u.schoolId), eq(products.id, id)));
    if (!p || p.deletedAt) throw notFound('Product not found');
    const mine = p.store === 'School' ? mayDo(u, 'store:manageSchool') : p.teacherId === u.id;
    if (!mine) throw forbidden('This product belongs to another store.');
  }
  const token = newToken();
  const imageId = randomUUID();
  const expiresAt = new Date(Date.now() + UPLOAD_TTL_MS);
  await db.insert(uploadGrants).values({ tokenHash: hashToken(token), schoolId: u.schoolId, userId: u.id, imageId, expiresAt });
  return { uploadUrl: `/api/v1/uploads/${token}`, image: imagePath(u.schoolId, imageId), expiresAt: expiresAt.toISOString(), maxBytes: MAX_UPLOAD_BYTES };
}

/**
 * Re-encodes an upload: only real images (by content) of at most MAX_PICTURE_PIXELS pixels, turned
 * upright, at most 800 px a side, WebP, no metadata. The size is read from the header first, so a
 * huge picture is named as such (413) before anything is decoded.
 */
export async function reencode(data: Buffer): Promise<{ webp: Buffer; width: number; height: number }> {
  let meta: Metadata | undefined;
  try {
    meta = await sharp(data, { limitInputPixels: false }).metadata();
  } catch {
    meta = undefined;
  }
  if (!meta?.format || !FORMATS.has(meta.format)) throw badRequest('The file is not an image. Upload a JPEG, PNG, WebP or GIF picture.');
  const width = meta.width ?? 0;
  const height = meta.pageHeight ?? meta.height ?? 0;
  if (width * height > MAX_PICTURE_PIXELS) throw new HttpError(413, MSG.pictureTooManyPixels(width, height, MAX_PICTURE_PIXELS));
  try {
    const { data: webp, info } = await sharp(data, { limitInputPixels: MAX_PICTURE_PIXELS, failOn: 'error' })
      .rotate()
      .resize({ width: MAX_IMAGE_SIDE, height: MAX_IMAGE_SIDE, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer({ resolveWithObject: true });
    return { webp, width: info.width, height: info.height };
  } catch {
    throw badRequest('The image could not be read. It may be damaged: try another file.');
  }
}

/**
 * PUT uploads/{token}: checks and re-encodes the image for a live grant, then in one transaction
 * takes the grant (once, before it expires) and records the picture; then keeps the file. A
 * refused image leaves the link usable until it expires.
 */
export async function acceptUpload(db: Db, storage: ImageStorage, token: string, data: unknown): Promise<UploadDone> {
  const live = and(eq(uploadGrants.tokenHash, hashToken(token)), isNull(uploadGrants.usedAt), gt(uploadGrants.expiresAt, new Date()));
  const [open] = await db.select({ tokenHash: uploadGrants.tokenHash }).from(uploadGrants).where(live);
  if (!open) throw notFound(LINK_GONE);
  if (!Buffer.isBuffer(data) || !data.length) throw badRequest('Send the image itself as the request body (image/jpeg, image/png, image/webp or image/gif).');
  const { webp, width, height } = await reencode(data);
  const grant = await db.transaction(async (tx) => {
    const [g] = await tx.update(uploadGrants).set({ usedAt: new Date() }).where(live).returning();
    if (!g) throw notFound(LINK_GONE);
    await tx.insert(uploadedImages).values({ schoolId: g.schoolId, id: g.imageId, userId: g.userId, bytes: webp.length });
    return g;
  });
  try {
    await storage.put(imageKey(grant.schoolId, grant.imageId), webp);
  } catch (err) {
    await db.delete(uploadedImages).where(and(eq(uploadedImages.schoolId, grant.schoolId), eq(uploadedImages.id, grant.imageId)));
    throw err;
  }
  return { image: imagePath(grant.schoolId, grant.imageId), width, height, bytes: webp.length };
}

/**
 * Locks a picture of the school against removal until the transaction ends (FOR KEY SHARE); false
 * when the school has no such picture. A product saved with a picture calls this in the
 * transaction that writes it.
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

/** Forgets used or expired grants (the cleanup job). */
export async function purgeUploadGrants(db: Db): Promise<void> {
  await db.delete(uploadGrants).where(or(lt(uploadGrants.expiresAt, new Date()), lt(uploadGrants.usedAt, new Date(Date.now() - UPLOAD_TTL_MS))));
}

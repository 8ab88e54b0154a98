import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { MAX_SCHOOL_PICTURE_BYTES, MAX_SCHOOL_PICTURES, MSG } from '@app/domain';
import { and, eq, ne, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR } from '../src/db/client.js';
import { products, rateLimits, uploadedImages } from '../src/db/schema.js';
import { imageKey, removeUnusedPictures } from '../src/modules/uploads/service.js';
import { makeSchool, makeUser, signIn, type SchoolRow, type UserRow } from './helpers/factories.js';
import { makeProduct } from './helpers/store.js';
import { call, useTestApp } from './helpers/test-app.js';

/*
 * Finding 6 of issue 17: pictures no product uses are removed a day after their upload (race-safe),
 * a school keeps at most MAX_SCHOOL_PICTURES pictures and MAX_SCHOOL_PICTURE_BYTES, and upload URLs
 * are rate limited.
 */
const ctx = useTestApp();
let school: SchoolRow;
let sm: UserRow;
let smToken: string;

const png = (width = 40, height = 30) =>
  sharp({ create: { width, height, channels: 3, background: '#33aa66' } })
    .png()
    .toBuffer();
const grant = (token: string, id = 'new') =>
  call(ctx.app, 'GET', `/utility/upload-url/${id}`, { token });
const put = async (url: string, body?: Buffer) =>
  call(ctx.app, 'PUT', url, {
    payload: body ?? (await png()),
    headers: { 'content-type': 'image/png' },
  });

/** A picture uploaded through the API; its path. */
async function upload(token = smToken): Promise<string> {
  const g = await grant(token);
  expect(g.status, JSON.stringify(g.body)).toBe(200);
  const done = await put(g.body.uploadUrl);
  expect(done.status, JSON.stringify(done.body)).toBe(200);
  return done.body.image as string;
}
const idOf = (image: string) => image.split('/').at(-1)!.replace('.webp', '');
/** Makes a picture's upload `hours` old. */
const age = (image: string, hours: number) =>
  ctx.database.db
    .update(uploadedImages)
    .set({ createdAt: sql`now() - make_interval(hours => ${hours})` })
    .where(eq(uploadedImages.id, idOf(image)));
const kept = async (image: string) => {
  const rows = await ctx.database.db
    .select()
    .from(uploadedImages)
    .where(eq(uploadedImages.id, idOf(image)));
  const file = (await ctx.app.inject({ method: 'GET', url: image })).statusCode;
  return { row: rows.length === 1, file: file === 200 };
};
const saveImage = (productId: string, image: string | null) =>
  call(ctx.app, 'POST', '/products/school', { token: smToken, payload: { _id: productId, image } });

beforeAll(async () => {
  school = await makeSchool(ctx.database.db);
  sm = await makeUser(ctx.database.db, school, ['STORE_MANAGER']);
  smToken = await signIn(ctx.app, sm);
});

describe('unused pictures are removed a day after their upload', () => {
  it('removes old pictures no product uses (row and file); keeps young ones and those a product uses', async () => {
    const db = ctx.database.db;
    const oldUnused = await upload();
    const youngUnused = await upload();
    const oldUsed = await upload();
    const oldOfDeleted = await upload();
    const replaced = await upload();
    const used = await makeProduct(db, school, { name: 'Uses a picture', image: oldUsed });
    await makeProduct(db, school, {
      name: 'Deleted one',
      image: oldOfDeleted,
      deletedAt: new Date(),
      active: false,
    });
    const switched = await makeProduct(db, school, { name: 'Switched picture', image: replaced });
    await age(oldUnused, 25);
    await age(youngUnused, 23);
    await age(oldUsed, 24 * 30);
    await age(oldOfDeleted, 25);
    await age(replaced, 48);
    // The product now takes a new picture: the old one is unused from then on.
    const fresh = await upload();
    expect((await saveImage(switched.id, fresh)).status).toBe(200);

    expect(await removeUnusedPictures(db, ctx.app.images)).toBe(3);
    expect(await kept(oldUnused)).toEqual({ row: false, file: false });
    expect(await kept(oldOfDeleted)).toEqual({ row: false, file: false });
    expect(await kept(replaced)).toEqual({ row: false, file: false });
    expect(await kept(youngUnused)).toEqual({ row: true, file: true });
    expect(await kept(oldUsed)).toEqual({ row: true, file: true });
    expect(await kept(fresh)).toEqual({ row: true, file: true });
    // A removed picture can no longer be given to a product.
    expect(await saveImage(used.id, oldUnused)).toMatchObject({
      status: 400,
      body: { message: MSG.pictureNotUploaded },
    });
    // Nothing more to remove; a second run changes nothing.
    expect(await removeUnusedPictures(db, ctx.app.images)).toBe(0);
    expect(await kept(oldUsed)).toEqual({ row: true, file: true });
  });

  it('race-safe: a product saved while the job runs keeps its picture, or is refused and the picture goes; never a product without its file', async () => {
    const db = ctx.database.db;
    const storage = ctx.app.images;
    const product = await makeProduct(db, school, { name: 'Racing picture' });
    let savedWins = 0;
    let removalWins = 0;
    for (let round = 0; round < 12; round++) {
      const image = await upload();
      await age(image, 26);
      await saveImage(product.id, null);
      const [saved] = await Promise.all([
        saveImage(product.id, image),
        removeUnusedPictures(db, storage),
      ]);
      const state = await kept(image);
      const [row] = await db
        .select({ image: products.image })
        .from(products)
        .where(eq(products.id, product.id));
      if (saved.status === 200) {
        savedWins++;
        expect(row!.image).toBe(image);
        expect(state).toEqual({ row: true, file: true });
      } else {
        removalWins++;
        expect(saved).toMatchObject({ status: 400, body: { message: MSG.pictureNotUploaded } });
        expect(row!.image).toBeNull();
        expect(state).toEqual({ row: false, file: false });
      }
    }
    expect(savedWins + removalWins).toBe(12);
    // Whatever the order, the product's picture survives the next run too.
    await removeUnusedPictures(db, storage);
    const [row] = await db
      .select({ image: products.image })
      .from(products)
      .where(eq(products.id, product.id));
    if (row!.image) expect(await kept(row!.image)).toEqual({ row: true, file: true });
  });
});

describe('a school keeps at most its quota of pictures', () => {
  it(`refuses upload URLs (409) once the school keeps ${MAX_SCHOOL_PICTURES} pictures, and uploads beyond the bytes`, async () => {
    const db = ctx.database.db;
    const full = await makeSchool(db);
    const manager = await makeUser(db, full, ['STORE_MANAGER']);
    const token = await signIn(ctx.app, manager);
    const early = (await grant(token)).body; // asked for before the school was full
    await db.insert(uploadedImages).values(
      Array.from({ length: MAX_SCHOOL_PICTURES }, () => ({
        schoolId: full.id,
        id: randomUUID(),
        userId: manager.id,
        bytes: 1000,
      })),
    );
    const message = MSG.pictureQuota(MAX_SCHOOL_PICTURES, MAX_SCHOOL_PICTURE_BYTES / 1024 / 1024);
    expect(message).toContain('2,000 pictures and 200 MB');
    expect(await grant(token)).toMatchObject({ status: 409, body: { message } });
    expect(await put(early.uploadUrl)).toMatchObject({ status: 409, body: { message } });
    // Other schools are not affected.
    expect((await grant(smToken)).status).toBe(200);

    // One picture fewer: room again. Then the bytes: a picture that would pass the total is refused.
    const [one] = await db
      .select({ id: uploadedImages.id })
      .from(uploadedImages)
      .where(eq(uploadedImages.schoolId, full.id))
      .limit(1);
    await db
      .delete(uploadedImages)
      .where(and(eq(uploadedImages.schoolId, full.id), ne(uploadedImages.id, one!.id)));
    await db
      .update(uploadedImages)
      .set({ bytes: MAX_SCHOOL_PICTURE_BYTES - 10 })
      .where(eq(uploadedImages.schoolId, full.id));
    const g = await grant(token);
    expect(g.status).toBe(200);
    expect(await put(g.body.uploadUrl)).toMatchObject({ status: 409, body: { message } });
    // The refused link was not used up: once there is room, it works.
    await db.update(uploadedImages).set({ bytes: 0 }).where(eq(uploadedImages.schoolId, full.id));
    expect((await put(g.body.uploadUrl)).status).toBe(200);
  });

  it('parallel uploads cannot pass the count', async () => {
    const db = ctx.database.db;
    const nearly = await makeSchool(db);
    const manager = await makeUser(db, nearly, ['STORE_MANAGER']);
    const token = await signIn(ctx.app, manager);
    const links = [];
    for (let i = 0; i < 6; i++) links.push((await grant(token)).body.uploadUrl as string);
    await db.insert(uploadedImages).values(
      Array.from({ length: MAX_SCHOOL_PICTURES - 2 }, () => ({
        schoolId: nearly.id,
        id: randomUUID(),
        userId: manager.id,
        bytes: 10,
      })),
    );
    const picture = await png();
    const results = await Promise.all(links.map((url) => put(url, picture)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(2);
    expect(results.filter((r) => r.status === 409)).toHaveLength(4);
    const [{ n }] = (await db
      .select({ n: sql<number>`count(*)::int` })
      .from(uploadedImages)
      .where(eq(uploadedImages.schoolId, nearly.id))) as [{ n: number }];
    expect(n).toBe(MAX_SCHOOL_PICTURES);
  });
});

describe('GET utility/upload-url/{id} is rate limited', () => {
  it('30 per 10 minutes per user, then 429 with Retry-After; other users go on', async () => {
    const db = ctx.database.db;
    const teacher = await makeUser(db, school, ['STORE_MANAGER']);
    const other = await makeUser(db, school, ['STORE_MANAGER']);
    const token = await signIn(ctx.app, teacher);
    for (let i = 0; i < 30; i++) expect((await grant(token)).status, `grant ${i + 1}`).toBe(200);
    const refused = await grant(token);
    expect({ status: refused.status, body: refused.body }).toEqual({
      status: 429,
      body: { message: MSG.tryLater },
    });
    const seconds = Number(refused.headers['retry-after']);
    expect(seconds).toBeGreaterThanOrEqual(1);
    expect(seconds).toBeLessThanOrEqual(600);
    expect((await grant(await signIn(ctx.app, other))).status).toBe(200);
  });

  it('500 an hour per school, whoever asks', async () => {
    const db = ctx.database.db;
    const busy = await makeSchool(db);
    const teacher = await makeUser(db, busy, ['STORE_MANAGER']);
    const token = await signIn(ctx.app, teacher);
    await db.insert(rateLimits).values({
      key: `upload-url:school:${busy.id}`,
      windowSeconds: 60 * 60,
      windowStart: sql`date_trunc('second', now())`,
      hits: 500,
    });
    const refused = await grant(token);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(600);
    expect((await grant(smToken)).status).toBe(200); // another school
  });
});

describe('migration 0012 on products of before', () => {
  // A database of its own: the migration's statements run again over every product in it.
  const own = useTestApp();

  it('clears images that are not a picture of the product’s school and records those that are', async () => {
    const db = own.database.db;
    const before = await makeSchool(db);
    const other = await makeSchool(db);
    const picture = randomUUID();
    const good = `/uploads/${before.id}/${picture}.webp`;
    const bad = [
      'javascript:alert(1)',
      'https://example.org/cat.png',
      `/uploads/${other.id}/${randomUUID()}.webp`,
      '',
      ` ${good}`,
    ];
    const rows = [
      await makeProduct(db, before, { name: 'Good', image: good }),
      await makeProduct(db, before, { name: 'Good twin', image: good }),
    ];
    for (const [i, image] of bad.entries())
      rows.push(await makeProduct(db, before, { name: `Bad ${i}`, image }));
    const statements = (
      await readFile(path.join(MIGRATIONS_DIR, '0012_uploaded_images.sql'), 'utf8')
    )
      .split('--> statement-breakpoint')
      .slice(2);
    for (const s of statements) await db.execute(sql.raw(s));
    const images = await db
      .select({ name: products.name, image: products.image })
      .from(products)
      .where(eq(products.schoolId, before.id));
    expect(
      images
        .filter((r) => r.image !== null)
        .map((r) => r.name)
        .sort(),
    ).toEqual(['Good', 'Good twin']);
    expect(
      await db
        .select({ id: uploadedImages.id, bytes: uploadedImages.bytes })
        .from(uploadedImages)
        .where(eq(uploadedImages.schoolId, before.id)),
    ).toEqual([{ id: picture, bytes: 0 }]);
    expect(
      await db.select().from(uploadedImages).where(eq(uploadedImages.schoolId, other.id)),
    ).toEqual([]);
    expect(imageKey(before.id, picture)).toBe(good.slice('/uploads/'.length));
  });
});

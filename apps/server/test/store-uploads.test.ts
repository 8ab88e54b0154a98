import { randomUUID } from 'node:crypto';
import { deflateSync, crc32 } from 'node:zlib';
import { MAX_PICTURE_PIXELS, MSG } from '@app/domain';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { products, uploadGrants } from '../src/db/schema.js';
import { hashToken } from '../src/lib/tokens.js';
import { makePeriod, makeSchool, makeUser, signIn, type UserRow } from './helpers/factories.js';
import { makeProduct, type ProductRow } from './helpers/store.js';
import { call, useTestApp } from './helpers/test-app.js';

const ctx = useTestApp();
const u: Record<string, UserRow> = {};
const tok: Record<string, string> = {};
const p: Record<string, ProductRow> = {};

/** A PNG whose header says width × height, with one row of pixels: what a decoder sees first. */
function pngHeaderOnly(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(Buffer.concat([Buffer.from(type), data])));
    return Buffer.concat([length, Buffer.from(type), data, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bits per sample
  header[9] = 2; // RGB
  const signature = Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]);
  return Buffer.concat([
    signature,
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.alloc(width * 3 + 1))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#3366cc' } })
    .png()
    .toBuffer();
const uploadUrl = (token: string | undefined, id: string) =>
  call(ctx.app, 'GET', `/utility/upload-url/${id}`, { token });
const put = (url: string, body: Buffer, type = 'image/png') =>
  call(ctx.app, 'PUT', url, { payload: body, headers: { 'content-type': type } });

beforeAll(async () => {
  const db = ctx.database.db;
  const a = await makeSchool(db);
  const b = await makeSchool(db);
  u.sm = await makeUser(db, a, ['STORE_MANAGER']);
  u.asm = await makeUser(db, a, ['ASSISTANT_STORE_MANAGER']);
  u.teacher = await makeUser(db, a, ['TEACHER']);
  u.t2 = await makeUser(db, a, ['TEACHER']);
  u.student = await makeUser(db, a, ['STUDENT']);
  u.adminB = await makeUser(db, b, ['SCHOOL_ADMIN']);
  await makePeriod(db, a, u.teacher, [u.student]);
  await makePeriod(db, a, u.t2, [await makeUser(db, a, ['STUDENT'])]);
  p.school = await makeProduct(db, a, { name: 'Pencil' });
  p.mine = await makeProduct(db, a, { name: 'Pass', teacherId: u.teacher.id });
  p.t2 = await makeProduct(db, a, { name: 'Seat', teacherId: u.t2.id });
  p.b = await makeProduct(db, b, { name: 'B pencil' });
  for (const [k, user] of Object.entries(u)) tok[k] = await signIn(ctx.app, user);
});

describe('GET utility/upload-url/{id}', () => {
  it('401 without a session; 403 for roles without a store and another store’s product; 404 across schools', async () => {
    expect((await uploadUrl(undefined, 'new')).status).toBe(401);
    for (const t of [tok.student, tok.asm]) expect((await uploadUrl(t, 'new')).status).toBe(403);
    expect((await uploadUrl(tok.teacher, p.t2!.id)).status).toBe(403);
    expect((await uploadUrl(tok.teacher, p.school!.id)).status).toBe(403);
    expect((await uploadUrl(tok.adminB, p.school!.id)).status).toBe(404);
    expect(await uploadUrl(tok.sm, 'nope')).toMatchObject({
      status: 404,
      body: { message: 'Product not found' },
    });
  });

  it('answers a one-time URL of this server and the image’s future path', async () => {
    const res = await uploadUrl(tok.teacher, p.mine!.id);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      uploadUrl: expect.stringMatching(/^\/api\/v1\/uploads\/[A-Za-z0-9_-]{43}$/),
      image: expect.stringMatching(/^\/uploads\/[0-9a-f-]{36}\/[0-9a-f-]{36}\.webp$/),
      expiresAt: expect.any(String),
      maxBytes: 5 * 1024 * 1024,
    });
    expect((await uploadUrl(tok.sm, 'new')).status).toBe(200);
  });
});

describe('PUT uploads/{token} and GET the image', () => {
  it('keeps a real image re-encoded as WebP at most 800 px a side, without its metadata; the link works once', async () => {
    const grant = (await uploadUrl(tok.sm, p.school!.id)).body;
    const photo = await sharp({
      create: { width: 2000, height: 1000, channels: 3, background: '#cc3333' },
    })
      .jpeg()
      .withExif({ IFD0: { Copyright: 'Secret Camera', Artist: 'Someone' } })
      .toBuffer();
    expect((await sharp(photo).metadata()).exif).toBeDefined();
    const res = await put(grant.uploadUrl, photo, 'image/jpeg');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ image: grant.image, width: 800, height: 400 });
    const got = await ctx.app.inject({ method: 'GET', url: grant.image });
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toBe('image/webp');
    // Never rewritten under its key: cached a year, its id the ETag, a revalidation answers 304.
    expect(got.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const etag = `"${grant.image.split('/').at(-1)!.replace('.webp', '')}"`;
    expect(got.headers.etag).toBe(etag);
    const again = await ctx.app.inject({
      method: 'GET',
      url: grant.image,
      headers: { 'if-none-match': `"other", W/${etag}` },
    });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    const meta = await sharp(got.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 800, height: 400 });
    expect(meta.exif).toBeUndefined();
    // Once only.
    expect(await put(grant.uploadUrl, await png(10, 10))).toMatchObject({
      status: 404,
      body: { message: 'This upload link has expired or was used already. Ask for a new one.' },
    });
    // The product takes the path.
    const saved = await call(ctx.app, 'POST', '/products/school', {
      token: tok.sm,
      payload: { _id: p.school!.id, image: grant.image },
    });
    expect(saved.body.image).toBe(grant.image);
  });

  it('small images keep their size; the declared type does not matter, the content does', async () => {
    const grant = (await uploadUrl(tok.teacher, 'new')).body;
    const res = await put(grant.uploadUrl, await png(120, 90), 'application/octet-stream');
    expect(res.body).toMatchObject({ width: 120, height: 90 });
  });

  it('refuses what is not an image, an image too large, an expired or unknown link, each with a clear message', async () => {
    const g1 = (await uploadUrl(tok.sm, 'new')).body;
    expect(
      await put(g1.uploadUrl, Buffer.from('<svg onload="alert(1)"></svg>'), 'image/png'),
    ).toMatchObject({
      status: 400,
      body: { message: 'The file is not an image. Upload a JPEG, PNG, WebP or GIF picture.' },
    });
    const g2 = (await uploadUrl(tok.sm, 'new')).body;
    expect(await put(g2.uploadUrl, Buffer.alloc(6 * 1024 * 1024, 1), 'image/png')).toMatchObject({
      status: 413,
      body: { message: 'The image is larger than 5 MB. Choose a smaller picture.' },
    });
    const g3 = (await uploadUrl(tok.sm, 'new')).body;
    const g3Hash = hashToken(g3.uploadUrl.split('/').at(-1)!);
    await ctx.database.db
      .update(uploadGrants)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(uploadGrants.tokenHash, g3Hash));
    expect((await put(g3.uploadUrl, await png(10, 10))).status).toBe(404);
    expect((await put('/api/v1/uploads/not-a-token', await png(10, 10))).status).toBe(404);
    const g4 = (await uploadUrl(tok.sm, 'new')).body;
    expect(await call(ctx.app, 'PUT', g4.uploadUrl, { payload: { image: 'x' } })).toMatchObject({
      status: 400,
      body: {
        message:
          'Send the image itself as the request body (image/jpeg, image/png, image/webp or image/gif).',
      },
    });
  });

  it('names a picture with too many pixels as such, with the limit (413); the link stays usable', async () => {
    const g = (await uploadUrl(tok.sm, 'new')).body;
    const huge = pngHeaderOnly(20_000, 20_000);
    expect(huge.length).toBeLessThan(1024); // small on the wire: its header says 20000 × 20000
    const res = await put(g.uploadUrl, huge);
    expect(res).toMatchObject({
      status: 413,
      body: { message: MSG.pictureTooManyPixels(20_000, 20_000, MAX_PICTURE_PIXELS) },
    });
    expect(res.body.message).toBe(
      'The picture has too many pixels (20000 × 20000). Upload a picture of at most 50 million pixels (for example 7000 × 7000).',
    );
    expect((await put(g.uploadUrl, await png(10, 10))).status).toBe(200);
  });

  it('serves only kept images', async () => {
    for (const url of [
      '/uploads/x/y.webp',
      `/uploads/${p.school!.id}/${p.school!.id}.webp`,
      '/uploads/../etc/passwd',
    ])
      expect((await ctx.app.inject({ method: 'GET', url })).statusCode).toBe(404);
  });
});

describe('a product’s image is a picture uploaded for the caller’s school, or none', () => {
  const save = (token: string | undefined, store: 'school' | 'teacher', payload: object) =>
    call(ctx.app, 'POST', `/products/${store}`, { token, payload });
  const upload = async (token: string | undefined) => {
    const g = (await uploadUrl(token, 'new')).body;
    expect((await put(g.uploadUrl, await png(20, 20))).status).toBe(200);
    return g.image as string;
  };

  it('refuses any other text with a clear 400, and leaves the product as it was', async () => {
    const ours = await upload(tok.sm);
    expect((await save(tok.sm, 'school', { _id: p.school!.id, image: ours })).status).toBe(200);
    const theirs = (await uploadUrl(tok.adminB, 'new')).body;
    expect((await put(theirs.uploadUrl, await png(20, 20))).status).toBe(200);
    const notUploaded = (await uploadUrl(tok.sm, 'new')).body.image; // a link asked for, nothing sent
    const refused = [
      'javascript:alert(1)',
      'https://example.org/cat.png',
      '//example.org/x.webp',
      'data:image/png;base64,iVBORw0KGgo=',
      theirs.image, // another school's picture
      notUploaded,
      `/uploads/${u.sm!.schoolId}/${randomUUID()}.webp`, // never issued
      `${ours}?x=1`,
      ours.replace('/uploads/', '/uploads/../'),
      ours.toUpperCase(),
    ];
    for (const image of refused) {
      const res = await save(tok.sm, 'school', { _id: p.school!.id, image });
      expect({ image, status: res.status, body: res.body }).toEqual({
        image,
        status: 400,
        body: { message: MSG.pictureNotUploaded },
      });
      expect(
        (
          await save(tok.sm, 'school', {
            name: `New ${randomUUID().slice(0, 8)}`,
            category: 'Items',
            price: 1,
            image,
          })
        ).status,
      ).toBe(400);
    }
    const [row] = await ctx.database.db
      .select({ image: products.image })
      .from(products)
      .where(eq(products.id, p.school!.id));
    expect(row!.image).toBe(ours);
  });

  it('takes a picture of the school (whoever uploaded it), null or an empty text for none', async () => {
    const bySm = await upload(tok.sm);
    const byTeacher = await upload(tok.teacher);
    expect(await save(tok.teacher, 'teacher', { _id: p.mine!.id, image: bySm })).toMatchObject({
      status: 200,
      body: { image: bySm },
    });
    expect(
      await save(tok.teacher, 'teacher', { _id: p.mine!.id, image: ` ${byTeacher} ` }),
    ).toMatchObject({ status: 200, body: { image: byTeacher } });
    // Saving the product again as the web's form does (every field, the same picture).
    expect(
      await save(tok.teacher, 'teacher', { _id: p.mine!.id, name: 'Pass', image: byTeacher }),
    ).toMatchObject({ status: 200, body: { image: byTeacher } });
    expect(await save(tok.teacher, 'teacher', { _id: p.mine!.id, image: '' })).toMatchObject({
      status: 200,
      body: { image: null },
    });
    expect(await save(tok.teacher, 'teacher', { _id: p.mine!.id, image: null })).toMatchObject({
      status: 200,
      body: { image: null },
    });
    const made = await save(tok.teacher, 'teacher', {
      name: 'Pictured pass',
      category: 'Privileges',
      price: 3,
      image: byTeacher,
    });
    expect(made).toMatchObject({ status: 200, body: { image: byTeacher } });
  });
});

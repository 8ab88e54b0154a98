import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { boot } from '../src/boot.js';
import { migrateDatabase, openDatabase } from '../src/db/client.js';
import { storedImages, uploadedImages } from '../src/db/schema.js';
import { parseEnv } from '../src/env.js';
import { imageStorage, type ImageStorage } from '../src/lib/storage.js';
import {
  imageKey,
  MOVED_MARKER,
  movePicturesFromDisk,
  removeUnusedPictures,
} from '../src/modules/uploads/service.js';
import { makeSchool, makeUser, signIn } from './helpers/factories.js';
import { startS3 } from './helpers/s3.js';
import { call, useTestApp } from './helpers/test-app.js';

/**
 * docs/decisions/098-pictures-in-the-database.md: pictures live in the database, or in the
 * S3-compatible store S3_URL names (here a real one, s3rver, on a loopback port), behind one interface.
 */
const ctx = useTestApp();
let s3: Awaited<ReturnType<typeof startS3>>;
beforeAll(async () => {
  s3 = await startS3();
});
afterAll(async () => {
  await s3?.close();
});

const bytes = (text: string) => Buffer.from(text);

/** What every storage does: a put replaces, a get answers the bytes and their type, a remove is quiet. */
async function keepsItsPromises(storage: ImageStorage, schoolId: string) {
  const key = imageKey(schoolId, randomUUID());
  expect(await storage.get(key)).toBeNull();
  await storage.put(key, bytes('first'), 'image/webp');
  await storage.put(key, bytes('second'), 'image/webp');
  expect(await storage.get(key)).toEqual({ data: bytes('second'), contentType: 'image/webp' });
  const binary = Buffer.from(Array.from({ length: 256 }, (_, i) => i));
  const other = imageKey(schoolId, randomUUID());
  await storage.put(other, binary, 'image/png');
  expect((await storage.get(other))?.data.equals(binary)).toBe(true);
  await storage.remove(key);
  await storage.remove(key);
  expect(await storage.get(key)).toBeNull();
  expect((await storage.get(other))?.contentType).toBe('image/png');
  for (const unsafe of [
    '../etc/passwd',
    `${schoolId}/../x.webp`,
    'x/y.webp',
    `${schoolId}/a/b.webp`,
  ])
    await expect(storage.put(unsafe, bytes('x'), 'image/webp')).rejects.toThrow(/unsafe/);
}

describe('the database storage (the default)', () => {
  it('keeps, replaces, answers and removes pictures, in rows keyed by school', async () => {
    const school = await makeSchool(ctx.database.db);
    expect(ctx.app.env.S3_URL).toBeUndefined();
    await keepsItsPromises(ctx.app.images, school.id);
    const rows = await ctx.database.db
      .select({ name: storedImages.name })
      .from(storedImages)
      .where(eq(storedImages.schoolId, school.id));
    expect(rows).toHaveLength(1);
  });
});

describe('the S3-compatible storage (S3_URL)', () => {
  it('keeps its promises against a real S3-compatible server, every request signed', async () => {
    const school = await makeSchool(ctx.database.db);
    await keepsItsPromises(imageStorage({ S3_URL: s3.url }, ctx.database.db), school.id);
    // Nothing of it in the database.
    const rows = await ctx.database.db
      .select()
      .from(storedImages)
      .where(eq(storedImages.schoolId, school.id));
    expect(rows).toEqual([]);
  });

  it('fails loudly, without the secret, when the store refuses (a wrong key, no such bucket)', async () => {
    const school = await makeSchool(ctx.database.db);
    const key = imageKey(school.id, randomUUID());
    const wrong = imageStorage({ S3_URL: s3.url.replace(':S3RVER@', ':WRONG@') }, ctx.database.db);
    const err = await wrong.put(key, bytes('x'), 'image/webp').catch((e: Error) => e);
    expect(String(err)).toMatch(/S3 PUT .* answered 403/);
    expect(String(err)).not.toContain('WRONG');
    const noBucket = imageStorage(
      { S3_URL: s3.url.replace(/\/pictures$/, '/none') },
      ctx.database.db,
    );
    await expect(noBucket.put(key, bytes('x'), 'image/webp')).rejects.toThrow(/answered 404/);
  });

  it('S3_URL is checked at start: credentials and a bucket, over http(s)', () => {
    expect(parseEnv({ S3_URL: s3.url }).S3_URL).toBe(s3.url);
    expect(parseEnv({ S3_URL: '' }).S3_URL).toBeUndefined();
    for (const bad of [
      'http://127.0.0.1:9000/bucket',
      'http://KEY:SECRET@127.0.0.1:9000',
      'ftp://KEY:SECRET@127.0.0.1/bucket',
      'not a url',
    ])
      expect(() => parseEnv({ S3_URL: bad }), bad).toThrow(/S3_URL/);
    // The message never repeats the secret.
    expect(() => parseEnv({ S3_URL: 'ftp://KEY:TOPSECRET@h/b' })).not.toThrow(/TOPSECRET/);
  });

  describe('a server with S3_URL', () => {
    let app: FastifyInstance;
    beforeAll(async () => {
      const env = parseEnv({
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        JOBS: 'false',
        WEB_DIST: '/nonexistent',
        S3_URL: s3.url,
      });
      app = await buildApp({ database: ctx.database, env, logger: false });
      await app.ready();
    });
    afterAll(async () => {
      await app?.close();
    });

    it('uploads to the store, serves from it with the caching headers, and the cleanup job removes from it', async () => {
      const db = ctx.database.db;
      const school = await makeSchool(db);
      const manager = await makeUser(db, school, ['STORE_MANAGER']);
      const token = await signIn(app, manager);
      const grant = (await call(app, 'GET', '/utility/upload-url/new', { token })).body;
      const png = await sharp({
        create: { width: 40, height: 30, channels: 3, background: '#3366cc' },
      })
        .png()
        .toBuffer();
      const put = await call(app, 'PUT', grant.uploadUrl, {
        payload: png,
        headers: { 'content-type': 'image/png' },
      });
      expect(put.status, JSON.stringify(put.body)).toBe(200);
      const id = grant.image.split('/').at(-1).replace('.webp', '');
      const key = imageKey(school.id, id);
      // In the bucket, not in the database.
      const kept = await imageStorage({ S3_URL: s3.url }, db).get(key);
      expect(kept?.contentType).toBe('image/webp');
      expect((await sharp(kept!.data).metadata()).format).toBe('webp');
      expect(await ctx.app.images.get(key)).toBeNull();

      const got = await app.inject({ method: 'GET', url: grant.image });
      expect(got.statusCode).toBe(200);
      expect(got.headers).toMatchObject({
        'content-type': 'image/webp',
        'cache-control': 'public, max-age=31536000, immutable',
        etag: `"${id}"`,
      });
      expect(got.rawPayload.equals(kept!.data)).toBe(true);

      // Unused a day later: the row and the object go.
      await db
        .update(uploadedImages)
        .set({ createdAt: sql`now() - interval '25 hours'` })
        .where(and(eq(uploadedImages.schoolId, school.id), eq(uploadedImages.id, id)));
      expect(await removeUnusedPictures(db, app.images)).toBeGreaterThanOrEqual(1);
      expect(await app.images.get(key)).toBeNull();
      expect((await app.inject({ method: 'GET', url: grant.image })).statusCode).toBe(404);
    });
  });
});

describe('pictures an older install kept on its disk', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'h-pictures-disk-'));
  });
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it('are copied into the storage once, at start; the folder stays, marked', async () => {
    const db = ctx.database.db;
    const school = await makeSchool(db);
    const [known, other, stray] = [randomUUID(), randomUUID(), randomUUID()];
    const folder = path.join(dataDir, 'uploads', school.id);
    await mkdir(folder, { recursive: true });
    await writeFile(path.join(folder, `${known}.webp`), bytes('known picture'));
    await writeFile(path.join(folder, `${other}.webp`), bytes('other picture'));
    await writeFile(path.join(folder, `${stray}.webp`), bytes('no row names it'));
    await writeFile(path.join(folder, 'notes.txt'), bytes('not a picture'));
    await mkdir(path.join(dataDir, 'uploads', 'not-a-school'), { recursive: true });
    await db.insert(uploadedImages).values([
      { schoolId: school.id, id: known, bytes: 13 },
      { schoolId: school.id, id: other, bytes: 13 },
    ]);
    // The first copy of `known` happened already (a start stopped halfway): copied again, the same.
    await ctx.app.images.put(imageKey(school.id, known), bytes('known picture'), 'image/webp');

    expect(await movePicturesFromDisk(db, ctx.app.images, dataDir)).toBe(2);
    expect((await ctx.app.images.get(imageKey(school.id, known)))?.data).toEqual(
      bytes('known picture'),
    );
    expect((await ctx.app.images.get(imageKey(school.id, other)))?.data).toEqual(
      bytes('other picture'),
    );
    expect(await ctx.app.images.get(imageKey(school.id, stray))).toBeNull();
    const served = await ctx.app.inject({
      method: 'GET',
      url: `/uploads/${school.id}/${other}.webp`,
    });
    expect(served.statusCode).toBe(200);
    expect(served.body).toBe('other picture');
    // Left in place, marked, and not read again.
    expect(existsSync(path.join(folder, `${known}.webp`))).toBe(true);
    expect(await readFile(path.join(dataDir, 'uploads', MOVED_MARKER), 'utf8')).toMatch(
      /^2 pictures/,
    );
    await ctx.app.images.remove(imageKey(school.id, other));
    expect(await movePicturesFromDisk(db, ctx.app.images, dataDir)).toBe(0);
    expect(await ctx.app.images.get(imageKey(school.id, other))).toBeNull();
  });

  it('a server started on such an install serves them', async () => {
    const dir = path.join(dataDir, 'install');
    const before = await openDatabase({ dataDir: dir });
    await migrateDatabase(before);
    const school = await makeSchool(before.db);
    const id = randomUUID();
    await before.db.insert(uploadedImages).values({ schoolId: school.id, id, bytes: 7 });
    await before.close();
    await mkdir(path.join(dir, 'uploads', school.id), { recursive: true });
    await writeFile(path.join(dir, 'uploads', school.id, `${id}.webp`), bytes('on disk'));

    const running = await boot(
      parseEnv({
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        JOBS: 'false',
        WEB_DIST: '/nonexistent',
        SEED_DEMO: 'false',
        DATA_DIR: dir,
      }),
    );
    try {
      const served = await running.app.inject({
        method: 'GET',
        url: `/uploads/${school.id}/${id}.webp`,
      });
      expect(served.statusCode).toBe(200);
      expect(served.body).toBe('on disk');
      expect(existsSync(path.join(dir, 'uploads', MOVED_MARKER))).toBe(true);
    } finally {
      await running.stop();
    }
  });

  it('nothing to do without the folder', async () => {
    expect(
      await movePicturesFromDisk(ctx.database.db, ctx.app.images, path.join(dataDir, 'none')),
    ).toBe(0);
  });
});

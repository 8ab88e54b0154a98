import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR } from '../src/db/client.js';
import { products, uploadedImages } from '../src/db/schema.js';
import { imageKey } from '../src/modules/uploads/service.js';
import { makeSchool } from './helpers/factories.js';
import { makeProduct } from './helpers/store.js';
import { useTestApp } from './helpers/test-app.js';

describe('migration 0012 on products of before', () => {
  const own = useTestApp();

  it('clears images that are not a picture of the product’s school and records those that are', async () => {
    const db = own.database.db;
    const before = await makeSchool(db);
    const other = await makeSchool(db);
    const picture = randomUUID();
    const good = `/uploads/${before.id}/${picture}.webp`;
    const bad = ['javascript:alert(1)', 'https://example.org/cat.png', `/uploads/${other.id}/${randomUUID()}.webp`, '', ` ${good}`];
    const rows = [await makeProduct(db, before, { name: 'Good', image: good }), await makeProduct(db, before, { name: 'Good twin', image: good })];
    for (const [i, image] of bad.entries()) rows.push(await makeProduct(db, before, { name: `Bad ${i}`, image }));
    const statements = (await readFile(path.join(MIGRATIONS_DIR, '0012_uploaded_images.sql'), 'utf8')).split('--> statement-breakpoint').slice(2);
    for (const s of statements) await db.execute(sql.raw(s));
    const images = await db.select({ name: products.name, image: products.image }).from(products).where(eq(products.schoolId, before.id));
    expect(images.filter((r) => r.image !== null).map((r) => r.name).sort()).toEqual(['Good', 'Good twin']);
    expect(await db.select({ id: uploadedImages.id, bytes: uploadedImages.bytes }).from(uploadedImages).where(eq(uploadedImages.schoolId, before.id))).toEqual([{ id: picture, bytes: 0 }]);
    expect(await db.select().from(uploadedImages).where(eq(uploadedImages.schoolId, other.id))).toEqual([]);
    expect(imageKey(before.id, picture)).toBe(good.slice('/uploads/'.length));
  });
});

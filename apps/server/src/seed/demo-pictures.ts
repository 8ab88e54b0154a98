import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { ICON_THEMES } from '@app/domain';
import type { Db } from '../db/client.js';
import { products, uploadedImages } from '../db/schema.js';
import { pgArray } from '../lib/pg-array.js';
import type { ImageStorage } from '../lib/storage.js';
import { imageKey, imagePath } from '../modules/uploads/service.js';

const require = createRequire(import.meta.url);
const OPENMOJI = path.dirname(require.resolve('openmoji/package.json'));

/**
 * The demo products' pictures: each the coloured Emoji of the profile icons the store already
 * sells (openmoji, packages/domain/src/icons-data.ts) that fits it. Products not named here keep no
 * picture, as a real store has some.
 */
const PICTURES: Record<string, string> = {
  'Pencil set': '270F', // Pencil
  'Sticker pack': '1F31F', // Glowing star
  Notebook: '1F4DD', // Memo
  'Lunch with a friend': '1F60B', // Face savoring food
  'Front of the lunch line': '1F320', // Shooting star
  'Homework pass': '1F58A', // Pen
  'Movie afternoon': '1F3AC', // Clapper board
  'Dance ticket': '1F3B6', // Musical notes
  'Choose your seat': '1F3AF', // Bullseye
  'Math puzzle book': '1F9E9', // Puzzle piece
  'Music during work time': '1F3A7', // Headphone
  'Lab assistant for a day': '1F50D', // Magnifying glass tilted left
  'Crystal growing kit': '1F52E', // Crystal ball
};

/** As an upload is kept (docs/decisions/061-product-pictures.md): WebP, within 800 px; on white, as the store's cards show it. */
async function render(hexcode: string): Promise<Buffer> {
  const svg = await readFile(path.join(OPENMOJI, 'color', 'svg', `${hexcode}.svg`));
  return sharp(svg, { density: 200 })
    .resize(400, 400)
    .flatten({ background: '#ffffff' })
    .webp({ quality: 80 })
    .toBuffer();
}

/**
 * Gives the demo school's products their pictures the way an upload does: each picture kept in
 * the image storage (the database's, or S3's) and recorded in `uploaded_images`, then named by its
 * product's `image`, so the products save, show and keep them like any uploaded picture.
 */
export async function seedDemoPictures(
  db: Db,
  storage: ImageStorage,
  schoolId: string,
): Promise<void> {
  const known = new Set(ICON_THEMES.map(([hex]) => hex));
  const list = await db
    .select({ id: products.id, name: products.name })
    .from(products)
    .where(eq(products.schoolId, schoolId));
  const wanted = list.filter((p) => PICTURES[p.name] && known.has(PICTURES[p.name]!));
  if (!wanted.length) return;
  const pictures = await Promise.all(
    wanted.map(async (p) => ({
      product: p.id,
      id: randomUUID(),
      webp: await render(PICTURES[p.name]!),
    })),
  );
  // Kept first, named after: a product never names a picture the storage does not hold.
  for (const pic of pictures) await storage.put(imageKey(schoolId, pic.id), pic.webp, 'image/webp');
  await db.transaction(async (tx) => {
    await tx
      .insert(uploadedImages)
      .values(
        pictures.map((pic) => ({ schoolId, id: pic.id, userId: null, bytes: pic.webp.length })),
      );
    await tx.execute(sql`
      update products p set image = t.image
      from unnest(${pgArray(
        pictures.map((pic) => pic.product),
        'uuid',
      )}, ${pgArray(
        pictures.map((pic) => imagePath(schoolId, pic.id)),
        'text',
      )}) as t(id, image)
      where p.school_id = ${schoolId} and p.id = t.id`);
  });
}

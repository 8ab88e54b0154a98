import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { districtOf, districtSchool } from '../src/access/districts.js';
import { makeSchool } from './helpers/factories.js';
import { useTestApp } from './helpers/test-app.js';

/** The district rule (access/districts.ts): a super admin reaches the schools of their own district only. */
const ctx = useTestApp();

describe('districtSchool', () => {
  it('answers a school of the actor’s district and 404 for another district’s or none', async () => {
    const db = ctx.database.db;
    const home = await makeSchool(db);
    const sibling = await makeSchool(db, { districtId: home.districtId });
    const elsewhere = await makeSchool(db);
    const actor = { school: home };

    expect(districtOf(actor)).toBe(home.districtId);
    expect((await districtSchool(db, actor, home.id)).id).toBe(home.id);
    expect((await districtSchool(db, actor, sibling.id)).id).toBe(sibling.id);
    for (const id of [elsewhere.id, randomUUID()])
      await expect(districtSchool(db, actor, id)).rejects.toMatchObject({
        statusCode: 404,
        message: 'School not found',
      });
    // The other district's owner sees the mirror image.
    await expect(districtSchool(db, { school: elsewhere }, home.id)).rejects.toMatchObject({
      statusCode: 404,
    });
  });
});

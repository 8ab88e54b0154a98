import { schoolYearFor, todayIn } from '@app/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { districts, schools } from '../src/db/schema.js';
import { createCurrentYear, loadCalendar } from '../src/modules/calendar/service.js';
import { makeSchool, makeUser, signIn } from './helpers/factories.js';
import { call, useTestApp } from './helpers/test-app.js';

const ctx = useTestApp();
let superAdmin: string;

/** A school with no stored year: its calendar follows the August-to-June default. */
async function bareSchool(code: string) {
  const [d] = await ctx.database.db.insert(districts).values({ name: code }).returning();
  const [s] = await ctx.database.db
    .insert(schools)
    .values({ districtId: d!.id, externalId: code, name: `School ${code}` })
    .returning();
  return s!;
}

beforeAll(async () => {
  superAdmin = await signIn(
    ctx.app,
    await makeUser(ctx.database.db, await makeSchool(ctx.database.db), ['SUPER_ADMIN']),
  );
});

describe('giving start date of a new year (docs/decisions/041-giving-start-date.md)', () => {
  it('is 16 August by default and 15 October for the schools in the global lateGivingStartSchools entry', async () => {
    const late = await bareSchool(`LATE${Date.now()}`);
    const usual = await bareSchool(`USUAL${Date.now()}`);
    const start = schoolYearFor(todayIn(late.timeZone)).yearStart.slice(0, 4);
    expect((await loadCalendar(ctx.database.db, late)).givingStart).toBe(`${start}-08-16`);

    // Codes match without case; the entry may also be a comma-separated value.
    const set = await call(ctx.app, 'POST', '/configuration/global', {
      token: superAdmin,
      payload: {
        key: 'lateGivingStartSchools',
        valueObject: [late.externalId.toLowerCase(), 'OTHER1'],
      },
    });
    expect(set.status).toBe(200);
    expect((await loadCalendar(ctx.database.db, late)).givingStart).toBe(`${start}-10-15`);
    expect((await loadCalendar(ctx.database.db, usual)).givingStart).toBe(`${start}-08-16`);

    // The year created for the school keeps that date.
    const created = await createCurrentYear(ctx.database.db, late);
    expect(created.givingStart).toBe(`${start}-10-15`);

    const asText = await call(ctx.app, 'POST', '/configuration/global', {
      token: superAdmin,
      payload: { key: 'lateGivingStartSchools', value: `OTHER1, ${usual.externalId}` },
    });
    expect(asText.status).toBe(200);
    expect((await loadCalendar(ctx.database.db, usual)).givingStart).toBe(`${start}-10-15`);
    // A stored year is not changed by the entry.
    expect((await loadCalendar(ctx.database.db, late)).givingStart).toBe(`${start}-10-15`);
  });
});

import { eq } from 'drizzle-orm';
import { MSG, setClock, type SchoolProfileBody } from '@app/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { schools } from '../src/db/schema.js';
import { typeByName } from './helpers/economy.js';
import { fund, makeProduct } from './helpers/store.js';
import {
  makeHouses,
  makeSchool,
  makeUser,
  signIn,
  type SchoolRow,
  type UserRow,
} from './helpers/factories.js';
import { call, useTestApp } from './helpers/test-app.js';

/*
 * PUT settings/school (docs/decisions/082-school-profile-in-settings.md) and what a new time zone
 * changes at once, without a restart (docs/decisions/083-time-zone-change.md). The session cache
 * keeps look-ups for five minutes here: only the change itself can make a session see the new school.
 */
const ctx = useTestApp({ SESSION_CACHE_SECONDS: '300' });

/**
 * Thursday 4 March 2027, 20:00 UTC: noon on Thursday in Los Angeles, 05:00 on Friday in Tokyo.
 * A day later it is Friday in Los Angeles and Saturday in Tokyo.
 */
const THURSDAY = new Date('2027-03-04T20:00:00Z');
const FRIDAY = new Date('2027-03-05T20:00:00Z');

let school: SchoolRow;
let student: UserRow;
const tok = {} as Record<'admin' | 'superAdmin' | 'teacher' | 'student' | 'house', string>;

const profile = (over: Partial<SchoolProfileBody> = {}): SchoolProfileBody => ({
  name: school.name,
  timeZone: 'America/Los_Angeles',
  schoolType: 'Middle',
  storeModel: 'Pickup',
  hasHouseSystem: false,
  canTeacherGiveAll: true,
  ...over,
});
const put = (body: unknown, token = tok.admin) =>
  call(ctx.app, 'PUT', '/settings/school', { token, payload: body as object });
const stored = async () =>
  (await ctx.database.db.select().from(schools).where(eq(schools.id, school.id)))[0]!;

beforeAll(async () => {
  setClock(THURSDAY);
  const db = ctx.database.db;
  school = await makeSchool(db, {
    timeZone: 'America/Los_Angeles',
    hasHouseSystem: false,
    isHouseSystemConfigured: false,
    schoolType: 'Middle',
  });
  student = await makeUser(db, school, ['STUDENT'], { gradeLevel: '7' });
  tok.admin = await signIn(ctx.app, await makeUser(db, school, ['SCHOOL_ADMIN']));
  tok.superAdmin = await signIn(ctx.app, await makeUser(db, school, ['SUPER_ADMIN']));
  tok.teacher = await signIn(ctx.app, await makeUser(db, school, ['TEACHER']));
  tok.student = await signIn(ctx.app, student);
  tok.house = await signIn(ctx.app, await makeUser(db, school, ['STAFF', 'HOUSE_MANAGER']));
});

describe('GET and PUT settings/school', () => {
  it('school and super admins read the profile, with the code; others are refused', async () => {
    for (const token of [tok.admin, tok.superAdmin]) {
      const res = await call(ctx.app, 'GET', '/settings/school', { token });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        code: school.externalId,
        name: school.name,
        timeZone: 'America/Los_Angeles',
        schoolType: 'Middle',
        storeModel: 'Pickup',
        hasHouseSystem: false,
        canTeacherGiveAll: true,
        currencyName: 'Merits',
        currencyNameOne: 'Merit',
        currencyNameEs: 'Méritos',
        currencyNameOneEs: 'Mérito',
        pbisTargetRatio: 4,
        pbisRatioWindow: 'this-week',
        pbisRecognitionDays: 10,
        pbisCoordinatorIds: [],
      });
    }
    for (const token of [tok.teacher, tok.student, tok.house]) {
      expect((await call(ctx.app, 'GET', '/settings/school', { token })).status).toBe(403);
      expect((await put(profile(), token)).status).toBe(403);
    }
    expect((await call(ctx.app, 'GET', '/settings/school')).status).toBe(401);
  });

  it.each([
    [{ name: '   ' }, 'name is required'],
    [{ name: 'x'.repeat(121) }, 'name must be at most 120 characters'],
    [{ timeZone: 'Mars/Olympus_Mons' }, 'timeZone must be a time zone such as America/Chicago'],
    [{ timeZone: '+05:00' }, 'timeZone must be a time zone such as America/Chicago'],
    [{ timeZone: 'PST' }, 'timeZone must be a time zone such as America/Chicago'],
    [{ schoolType: 'Middle school' }, 'schoolType must be one of'],
    [{ storeModel: 'Mail' }, 'storeModel must be one of Pickup, Delivery'],
    [{ hasHouseSystem: 'yes' }, 'hasHouseSystem must be true or false'],
    [{ canTeacherGiveAll: undefined }, 'canTeacherGiveAll must be true or false'],
    [{ currencyName: '  ' }, 'currencyName is required'],
    [{ currencyName: 'S'.repeat(25) }, 'currencyName must be at most 24 characters'],
    [{ currencyName: 'Sta\nrs' }, 'currencyName must not contain control characters'],
    [{ currencyNameOne: 'Star\u0007' }, 'currencyNameOne must not contain control characters'],
    [{ currencyNameOne: 7 }, 'currencyNameOne must be text'],
    [{ currencyNameEs: ' ' }, 'currencyNameEs is required'],
    [{ currencyNameOneEs: 'Estre\tlla' }, 'currencyNameOneEs must not contain control characters'],
    [{ pbisTargetRatio: 21 }, 'pbisTargetRatio must be at most 20'],
    [{ pbisTargetRatio: 0 }, 'pbisTargetRatio must be at least 1'],
    [{ pbisRatioWindow: 'last-week' }, 'pbisRatioWindow must be one of'],
    [{ pbisRecognitionDays: 61 }, 'pbisRecognitionDays must be at most 60'],
    [{ pbisCoordinatorIds: ['nobody'] }, 'pbisCoordinatorIds must be user ids'],
  ])(
    '%j is refused with a 400 that names the field, and nothing changes',
    async (over, message) => {
      const before = await stored();
      const res = await put({ ...profile({ name: 'Changed' }), ...over });
      expect(res.status).toBe(400);
      expect(res.body.message).toContain(message);
      expect(await stored()).toEqual(before);
    },
  );

  it('saves the whole profile; the next call of every session of the school sees it', async () => {
    const res = await put(
      profile({
        name: '  Lincoln Middle School ',
        schoolType: 'K-8',
        storeModel: 'Delivery',
        canTeacherGiveAll: false,
      }),
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      code: school.externalId,
      name: 'Lincoln Middle School',
      schoolType: 'K-8',
      storeModel: 'Delivery',
      canTeacherGiveAll: false,
    });
    const me = await call(ctx.app, 'POST', '/auth/me', { token: tok.teacher });
    expect(me.body.school).toMatchObject({
      name: 'Lincoln Middle School',
      schoolType: 'K-8',
      storeModel: 'Delivery',
      canTeacherGiveAll: false,
    });
    const settings = await call(ctx.app, 'GET', '/settings', { token: tok.admin });
    expect(settings.body).toMatchObject({ storeModel: 'Delivery', canTeacherGiveAll: false });
  });

  it('a house system turned on gives a school without houses the four houses and house managers their tab; off takes the tab away', async () => {
    expect((await call(ctx.app, 'GET', '/settings', { token: tok.house })).status).toBe(403);
    expect((await put(profile({ hasHouseSystem: true }))).status).toBe(200);
    const houses = await call(ctx.app, 'GET', '/school/houses', { token: tok.admin });
    expect(houses.body.map((h: { name: string }) => h.name).sort()).toEqual([
      'altruismo',
      'amistad',
      'isibindi',
      'reveur',
    ]);
    expect((await call(ctx.app, 'GET', '/settings', { token: tok.house })).status).toBe(200);
    // Not yet configured: the House system tab does that.
    expect((await stored()).isHouseSystemConfigured).toBe(false);

    expect((await put(profile({ hasHouseSystem: false }))).status).toBe(200);
    expect((await call(ctx.app, 'GET', '/settings', { token: tok.house })).status).toBe(403);
    // Houses stay (students keep theirs); turning it on again adds none.
    expect((await put(profile({ hasHouseSystem: true }))).status).toBe(200);
    expect((await call(ctx.app, 'GET', '/school/houses', { token: tok.admin })).body).toHaveLength(
      4,
    );
  });

  it('a school that has its own houses keeps exactly those', async () => {
    const other = await makeSchool(ctx.database.db, { hasHouseSystem: false });
    await makeHouses(ctx.database.db, other, ['amistad']);
    const admin = await signIn(ctx.app, await makeUser(ctx.database.db, other, ['SCHOOL_ADMIN']));
    expect(
      (await put({ ...profile({ hasHouseSystem: true }), name: other.name }, admin)).status,
    ).toBe(200);
    const houses = await call(ctx.app, 'GET', '/school/houses', { token: admin });
    expect(houses.body.map((h: { name: string }) => h.name)).toEqual(['amistad']);
    // Only the caller's school changed.
    expect((await stored()).name).toBe(school.name);
    expect((await call(ctx.app, 'GET', '/school/houses', { token: tok.admin })).body).toHaveLength(
      4,
    );
  });

  it("names the school's currency: read back, in the session, in a refusal; a teacher cannot", async () => {
    const buyer = await makeUser(ctx.database.db, school, ['STUDENT'], { gradeLevel: '7' });
    await fund(ctx.database.db, school, [buyer], 4);
    const product = await makeProduct(ctx.database.db, school, { price: 30, stock: null });
    const buyerToken = await signIn(ctx.app, buyer);
    const buy = () =>
      call(ctx.app, 'POST', '/api/v2/order', {
        token: buyerToken,
        payload: { store: 'School', orderItems: [{ productId: product.id, quantity: 1 }] },
      });
    expect((await buy()).body.message).toBe(MSG.keepWorking(26));

    // Trimmed, 24 characters at most (this one is exactly 24).
    const long = 'Golden Lincoln Star Coin';
    expect(long).toHaveLength(24);
    const res = await put(profile({ currencyName: ' Stars ', currencyNameOne: long }));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ currencyName: 'Stars', currencyNameOne: long });
    expect(
      (await call(ctx.app, 'GET', '/settings/school', { token: tok.admin })).body,
    ).toMatchObject({ currencyName: 'Stars', currencyNameOne: long });
    expect(await stored()).toMatchObject({ currencyName: 'Stars', currencyNameOne: long });
    // Every session sees it at once, though sessions are cached for five minutes here.
    const me = await call(ctx.app, 'POST', '/auth/me', { token: buyerToken });
    expect(me.body.school).toMatchObject({ currencyName: 'Stars', currencyNameOne: long });
    expect((await buy()).body.message).toBe('Keep working! You need to earn 26 more Stars.');

    // A body without the names keeps them.
    expect((await put(profile({ currencyNameOne: 'Star' }))).status).toBe(200);
    expect(await stored()).toMatchObject({ currencyName: 'Stars', currencyNameOne: 'Star' });

    // Bad input and a teacher change nothing.
    const before = await stored();
    expect((await put(profile({ currencyName: '' }))).status).toBe(400);
    const teacher = await put(
      profile({ currencyName: 'Coins', currencyNameOne: 'Coin' }),
      tok.teacher,
    );
    expect(teacher.status).toBe(403);
    expect(await stored()).toEqual(before);
    expect((await buy()).body.message).toBe('Keep working! You need to earn 26 more Stars.');

    expect((await put(profile({ currencyName: 'Merits', currencyNameOne: 'Merit' }))).status).toBe(
      200,
    );
    expect((await buy()).body.message).toBe(MSG.keepWorking(26));
  });

  it('names it in Spanish too: Méritos by default, the English name once renamed, else its own', async () => {
    const buyer = await makeUser(ctx.database.db, school, ['STUDENT'], { gradeLevel: '7' });
    await fund(ctx.database.db, school, [buyer], 4);
    const product = await makeProduct(ctx.database.db, school, { price: 30, stock: null });
    const buyerToken = await signIn(ctx.app, buyer);
    const inSpanish = async () =>
      (
        await call(ctx.app, 'POST', '/api/v2/order', {
          token: buyerToken,
          headers: { 'accept-language': 'es' },
          payload: { store: 'School', orderItems: [{ productId: product.id, quantity: 1 }] },
        })
      ).body.message;
    const spanishNames = async () => {
      const { currencyNameEs, currencyNameOneEs } = (
        await call(ctx.app, 'GET', '/settings/school', { token: tok.admin })
      ).body;
      return [currencyNameEs, currencyNameOneEs];
    };
    expect(await inSpanish()).toBe('¡Sigue esforzándote! Necesitas ganar 26 Méritos más.');

    // Renamed in English only: Spanish follows the English name.
    expect((await put(profile({ currencyName: 'Stars', currencyNameOne: 'Star' }))).status).toBe(
      200,
    );
    expect(await spanishNames()).toEqual(['Stars', 'Star']);
    expect(await inSpanish()).toBe('¡Sigue esforzándote! Necesitas ganar 26 Stars más.');

    // Its own Spanish names: in the profile, the session and the Spanish answers; English keeps its own.
    const res = await put(
      profile({ currencyNameEs: ' Estrellas ', currencyNameOneEs: 'Estrella' }),
    );
    expect(res.body).toMatchObject({
      currencyName: 'Stars',
      currencyNameEs: 'Estrellas',
      currencyNameOneEs: 'Estrella',
    });
    expect(await stored()).toMatchObject({
      currencyNameEs: 'Estrellas',
      currencyNameOneEs: 'Estrella',
    });
    const me = await call(ctx.app, 'POST', '/auth/me', { token: buyerToken });
    expect(me.body.school).toMatchObject({
      currencyNameEs: 'Estrellas',
      currencyNameOneEs: 'Estrella',
    });
    expect(await inSpanish()).toBe('¡Sigue esforzándote! Necesitas ganar 26 Estrellas más.');
    // A body without them keeps them, though the English names change.
    expect((await put(profile({ currencyName: 'Merits', currencyNameOne: 'Merit' }))).status).toBe(
      200,
    );
    expect(await spanishNames()).toEqual(['Estrellas', 'Estrella']);

    // The names that follow the English ones (as the School tab sends them) are kept as "follow".
    expect(
      (await put(profile({ currencyNameEs: 'Méritos', currencyNameOneEs: 'Mérito' }))).status,
    ).toBe(200);
    expect(await stored()).toMatchObject({ currencyNameEs: null, currencyNameOneEs: null });
    expect((await put(profile({ currencyName: 'Coins', currencyNameOne: 'Coin' }))).status).toBe(
      200,
    );
    expect(await spanishNames()).toEqual(['Coins', 'Coin']);
    expect((await put(profile({ currencyName: 'Merits', currencyNameOne: 'Merit' }))).status).toBe(
      200,
    );
    expect(await inSpanish()).toBe('¡Sigue esforzándote! Necesitas ganar 26 Méritos más.');
  });
});

describe('a new time zone re-reads every date rule at once', () => {
  const give = async () => {
    const type = await typeByName(ctx.database.db, school, 'Helping others');
    return call(ctx.app, 'POST', '/activity/bulk', {
      token: tok.admin,
      payload: { externalStudentIds: [student.externalId], activityTypes: [type.id] },
    });
  };
  const meta = async () =>
    (await call(ctx.app, 'GET', '/reports/meta', { token: tok.admin })).body as {
      timeZone: string;
      today: string;
    };
  const nextDelivery = async () =>
    (await call(ctx.app, 'GET', '/store/meta', { token: tok.student })).body.nextDeliveryDate
      ?.date as string | undefined;

  beforeAll(async () => {
    setClock(THURSDAY);
    expect((await put(profile({ storeModel: 'Delivery' }))).status).toBe(200);
    // Delivery model: a date is open until the end of its cut-off day in the school's zone.
    const res = await call(ctx.app, 'PUT', '/settings/delivery-date', {
      token: tok.admin,
      payload: {
        storeModel: 'Delivery',
        deliveryDates: [
          { date: '2027-03-10', cutOffDate: '2027-03-04' },
          { date: '2027-03-17', cutOffDate: '2027-03-11' },
        ],
      },
    });
    expect(res.status).toBe(200);
  });

  it('gives, cut-offs and reports follow the zone from the next call on', async () => {
    setClock(THURSDAY);
    const inLosAngeles = await give();
    expect(inLosAngeles.status).toBe(200);
    expect(inLosAngeles.body.date).toBe('2027-03-04');
    expect(await meta()).toMatchObject({ timeZone: 'America/Los_Angeles', today: '2027-03-04' });
    expect(await nextDelivery()).toBe('2027-03-10');

    expect((await put(profile({ timeZone: 'Asia/Tokyo', storeModel: 'Delivery' }))).status).toBe(
      200,
    );
    const inTokyo = await give();
    expect(inTokyo.status).toBe(200);
    expect(inTokyo.body.date).toBe('2027-03-05');
    expect(await meta()).toMatchObject({ timeZone: 'Asia/Tokyo', today: '2027-03-05' });
    // 4 March's cut-off has passed in Tokyo: the next delivery is the one after.
    expect(await nextDelivery()).toBe('2027-03-17');
  });

  it("weekends: Friday in Los Angeles is Saturday in Tokyo, so the school's gives stop and start again", async () => {
    setClock(FRIDAY);
    const saturday = await give();
    expect(saturday.status).toBe(400);
    expect(saturday.body.message).toBe(MSG.notOnWeekends);

    expect(
      (await put(profile({ timeZone: 'America/Los_Angeles', storeModel: 'Delivery' }))).status,
    ).toBe(200);
    const friday = await give();
    expect(friday.status).toBe(200);
    expect(friday.body.date).toBe('2027-03-05');
  });
});

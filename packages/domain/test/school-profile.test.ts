import { describe, expect, it } from 'vitest';
import { isTimeZone, schoolProfileBody, SCHOOL_TYPES, timeZones } from '../src/index.js';

describe('isTimeZone', () => {
  it.each(['America/Los_Angeles', 'America/Chicago', 'Asia/Tokyo', 'Pacific/Kiritimati', 'UTC'])(
    '%s is a time zone',
    (zone) => expect(isTimeZone(zone)).toBe(true),
  );
  it.each(['', 'Mars/Olympus_Mons', '+05:00', 'GMT+5', 'PST', 'america/chicago', 'Europe'])(
    '%j is not',
    (zone) => expect(isTimeZone(zone)).toBe(false),
  );
  it('the picker lists every zone it accepts, sorted', () => {
    const list = timeZones();
    expect(list.length).toBeGreaterThan(300);
    expect(list.every(isTimeZone)).toBe(true);
    expect([...list].sort()).toEqual(list);
  });
});

describe('schoolProfileBody', () => {
  const valid = {
    name: ' Lincoln Middle ',
    timeZone: 'America/Chicago',
    schoolType: 'Middle',
    storeModel: 'Pickup',
    hasHouseSystem: true,
    canTeacherGiveAll: false,
  };
  it('trims the name and keeps the rest', () => {
    expect(schoolProfileBody.parse(valid)).toEqual({ ...valid, name: 'Lincoln Middle' });
  });
  it('one of the school types; an elementary one says so', () => {
    expect(SCHOOL_TYPES.filter((t) => t.includes('Elementary'))).toEqual(['Elementary']);
    expect(schoolProfileBody.safeParse({ ...valid, schoolType: 'Elementary' }).success).toBe(true);
    expect(schoolProfileBody.safeParse({ ...valid, schoolType: '' }).success).toBe(false);
  });
  it('every field is required', () => {
    for (const key of Object.keys(valid)) {
      const { [key as keyof typeof valid]: _gone, ...rest } = valid;
      expect(schoolProfileBody.safeParse(rest).success, key).toBe(false);
    }
  });

  it("the currency's names: trimmed, 1 to 24 characters, no control character; absent keeps the school's", () => {
    const names = (over: object) => schoolProfileBody.safeParse({ ...valid, ...over });
    expect(names({ currencyName: ' Tiger Bucks ', currencyNameOne: '★' }).data).toMatchObject({
      currencyName: 'Tiger Bucks',
      currencyNameOne: '★',
    });
    expect(names({ currencyName: 'S'.repeat(24) }).success).toBe(true);
    const data = names({}).data!;
    expect('currencyName' in data || 'currencyNameOne' in data).toBe(false);
    for (const bad of [
      '',
      '   ',
      'S'.repeat(25),
      'Sta\nrs',
      'Tab\there',
      'Nul\u0000',
      'Bell\u0007',
      5,
      null,
    ]) {
      expect(names({ currencyName: bad }).success, JSON.stringify(bad)).toBe(false);
      expect(names({ currencyNameOne: bad }).success, JSON.stringify(bad)).toBe(false);
    }
  });
});

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
});

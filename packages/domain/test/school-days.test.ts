import { describe, expect, it } from 'vitest';
import {
  englishOf,
  lateGiveRefusal,
  OFFLINE_GIVE_SCHOOL_DAYS,
  todayIn,
  type SchoolCalendar,
} from '../src/index.js';

/** The school days a give made offline may still be sent after (issue 35). */
describe('lateGiveRefusal', () => {
  // 2026-10-12 is a Monday; the 16th a Friday; Wednesday the 21st a holiday.
  const cal: SchoolCalendar = {
    yearStart: '2026-08-01',
    yearEnd: '2027-06-30',
    givingStart: '2026-08-16',
    holidays: new Set(['2026-10-21']),
  };
  const TOO_LATE = 'This give was made more than 3 school days ago and can no longer be sent.';

  it('is three school days', () => expect(OFFLINE_GIVE_SCHOOL_DAYS).toBe(3));

  it('lets a give of today, or of up to 3 school days ago, be sent', () => {
    expect(lateGiveRefusal(cal, '2026-10-14', '2026-10-14')).toBeNull();
    expect(lateGiveRefusal(cal, '2026-10-13', '2026-10-16')).toBeNull();
    // Made Friday, sent Monday: the weekend does not count.
    expect(lateGiveRefusal(cal, '2026-10-16', '2026-10-19')).toBeNull();
    // Made Wednesday, sent Monday: Thursday, Friday, Monday.
    expect(lateGiveRefusal(cal, '2026-10-14', '2026-10-19')).toBeNull();
  });

  it('refuses a give made more than 3 school days before', () => {
    // Made Tuesday, sent Monday: Wednesday, Thursday, Friday, Monday.
    const refusal = lateGiveRefusal(cal, '2026-10-13', '2026-10-19');
    expect(refusal).toEqual({ key: 'msg.giveTooLate', values: { days: 3 } });
    expect(englishOf(refusal!)).toBe(TOO_LATE);
    expect(lateGiveRefusal(cal, '2025-10-13', '2026-10-19')).not.toBeNull();
  });

  it('counts no holiday', () => {
    // Made Friday the 16th, sent Thursday the 22nd: Monday, Tuesday, (holiday), Thursday.
    expect(lateGiveRefusal(cal, '2026-10-16', '2026-10-22')).toBeNull();
    expect(lateGiveRefusal(cal, '2026-10-16', '2026-10-23')).not.toBeNull();
  });
});

describe('todayIn', () => {
  it('answers as Intl does across midnights, DST changes and offsets of 15 and 45 minutes', () => {
    const zones = [
      'UTC',
      'America/New_York',
      'Asia/Kathmandu',
      'Australia/Eucla',
      'Pacific/Chatham',
    ];
    for (const timeZone of zones) {
      const intl = new Intl.DateTimeFormat('en-CA', {
        timeZone,
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
      });
      for (const base of [Date.UTC(2026, 10, 28, 0, 0), Date.UTC(2027, 2, 14, 5, 0)])
        // Every 37 s over a day and a half (each second of a minute, in turn), forward then back.
        for (const step of [37_000, -37_000])
          for (let i = 0; i < (36 * 3_600_000) / 37_000; i++) {
            const at = new Date(base + (step > 0 ? -12 * 3_600_000 : 24 * 3_600_000) + i * step);
            expect(todayIn(timeZone, at)).toBe(intl.format(at));
          }
    }
  });
});

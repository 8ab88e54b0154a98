import { addDays, weekdayOf } from '@app/domain';
import type { Queryable } from '../db/client.js';
import { holidays } from '../db/schema.js';

/** US school holidays of the year starting `yearStart` (YYYY-08-01). */
function usHolidays(yearStart: string): { date: string; name: string }[] {
  const y = Number(yearStart.slice(0, 4));
  const nth = (year: number, month: number, weekday: number, n: number) => {
    const first = `${year}-${String(month).padStart(2, '0')}-01`;
    return addDays(first, ((weekday - weekdayOf(first) + 7) % 7) + (n - 1) * 7);
  };
  const thanksgiving = nth(y, 11, 4, 4);
  const winter = Array.from({ length: 10 }, (_, i) => addDays(`${y}-12-21`, i));
  return [
    { date: nth(y, 9, 1, 1), name: 'Labor Day' },
    { date: `${y}-11-11`, name: 'Veterans Day' },
    { date: thanksgiving, name: 'Thanksgiving' },
    { date: addDays(thanksgiving, 1), name: 'Thanksgiving break' },
    ...winter.map((date) => ({ date, name: 'Winter break' })),
    { date: `${y + 1}-01-01`, name: "New Year's Day" },
    { date: nth(y + 1, 1, 1, 3), name: 'Martin Luther King Jr. Day' },
    { date: nth(y + 1, 2, 1, 3), name: "Presidents' Day" },
  ];
}

export async function seedHolidays(db: Queryable, schoolId: string, yearStart: string) {
  const list = usHolidays(yearStart);
  const unique = [...new Map(list.map((h) => [h.date, h])).values()];
  await db.insert(holidays).values(unique.map((h) => ({ schoolId, ...h })));
}

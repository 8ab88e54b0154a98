import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc.js';
import { clockNow } from './clock.js';
import { calendarDay, msg, type Message } from './message.js';

dayjs.extend(utc);

/** A calendar date as 'YYYY-MM-DD'. All school rules work on dates in the school's time zone. */
export type IsoDate = string;

export const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/*
 * Date arithmetic and labels, all by dayjs in UTC mode: a calendar date is read as its own day
 * wherever the code runs, so no time zone moves it to the day before or after.
 */
const day = (date: IsoDate) => dayjs.utc(date);
const ISO = 'YYYY-MM-DD';

export function isValidIsoDate(s: string): boolean {
  return ISO_DATE.test(s) && day(s).isValid() && day(s).format(ISO) === s;
}

/*
 * Day arithmetic on days since 1970-01-01 (UTC), not dayjs: a dashboard or a report walks every
 * day of a year, and parsing and formatting by dayjs cost about ten times this.
 */
const MS_PER_DAY = 86_400_000;
const epochDay = (date: IsoDate): number =>
  Date.UTC(+date.slice(0, 4), +date.slice(5, 7) - 1, +date.slice(8, 10)) / MS_PER_DAY;
const fromEpochDay = (n: number): IsoDate => new Date(n * MS_PER_DAY).toISOString().slice(0, 10);

export const addDays = (date: IsoDate, days: number): IsoDate =>
  fromEpochDay(epochDay(date) + days);

/** 'YYYY-MM' of the month `by` months after 'YYYY-MM' (before when negative). */
export const addMonths = (month: string, by: number): string =>
  day(`${month}-01`).add(by, 'month').format('YYYY-MM');

/** The day of the week of `date`: 0 Sunday … 6 Saturday. */
export const weekdayOf = (date: IsoDate): number => (((epochDay(date) + 4) % 7) + 7) % 7; // 1970-01-01 was a Thursday

/** Whole days from `from` to `to` (negative when `to` is before `from`). */
export const daysFrom = (from: IsoDate, to: IsoDate): number => epochDay(to) - epochDay(from);

/** The last day of the month of `date`. */
export const lastOfMonth = (date: IsoDate): IsoDate => day(date).endOf('month').format(ISO);

/** A date (or 'YYYY-MM-DD'-led text) as a label in English, by a dayjs pattern: 'MMM D, YYYY' is 'Oct 14, 2025'. */
export const formatDate = (date: IsoDate, pattern: string): string =>
  day(date.slice(0, 10)).format(pattern);

/** Date formatters by time zone: building one costs ten times using it, and calls need today often. */
const dayFormats = new Map<string, Intl.DateTimeFormat>();
/** Each time zone's last answer and the UTC minute it was for: every call of a request asks it. */
const lastDays = new Map<string, { minute: number; day: IsoDate }>();

/**
 * Today's date in a time zone ('en-CA' formats as YYYY-MM-DD). Every zone's offset from UTC is
 * whole minutes (since 1972), so a zone's date changes only on a UTC minute: the answer is kept
 * for the minute it was asked in (formatting it was a percent of a purchase's CPU).
 */
export function todayIn(timeZone: string, now: Date = clockNow()): IsoDate {
  const minute = Math.floor(now.getTime() / 60_000);
  const last = lastDays.get(timeZone);
  if (last?.minute === minute) return last.day;
  let format = dayFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    dayFormats.set(timeZone, format); // a bad time zone threw above: only real zones are kept
  }
  const day = format.format(now);
  lastDays.set(timeZone, { minute, day });
  return day;
}

/** The hour (0-23) of `now` in a time zone. */
export function hourIn(timeZone: string, now: Date = clockNow()): number {
  return Number(
    new Intl.DateTimeFormat('en-US', { timeZone, hour: 'numeric', hourCycle: 'h23' }).format(now),
  );
}

export const isWeekend = (date: IsoDate): boolean => {
  const weekday = weekdayOf(date);
  return weekday === 0 || weekday === 6;
};

export interface SchoolCalendar {
  yearStart: IsoDate;
  yearEnd: IsoDate;
  givingStart: IsoDate;
  holidays: ReadonlySet<IsoDate> | readonly IsoDate[];
}

const isHoliday = (cal: SchoolCalendar, date: IsoDate) =>
  Array.isArray(cal.holidays)
    ? cal.holidays.includes(date)
    : (cal.holidays as ReadonlySet<string>).has(date);

export const isSchoolDay = (cal: SchoolCalendar, date: IsoDate): boolean =>
  !isWeekend(date) && !isHoliday(cal, date) && date >= cal.yearStart && date <= cal.yearEnd;

/** 'August 16, 2025' for messages. */
export const longDate = (date: IsoDate): string => formatDate(date, 'MMMM D, YYYY');

/**
 * Why points may not be given on `date` (null when they may), in the order a teacher needs to hear it:
 * future, after the year, before giving starts, weekend, holiday.
 */
export function givingRefusal(cal: SchoolCalendar, date: IsoDate, today: IsoDate): Message | null {
  if (date > today) return msg('msg.dateInFuture');
  if (date > cal.yearEnd || today > cal.yearEnd) return msg('msg.schoolYearEnded');
  if (date < cal.givingStart)
    return msg('msg.givingStartsOn', { date: calendarDay(cal.givingStart) });
  if (isWeekend(date)) return msg('msg.notOnWeekends');
  if (isHoliday(cal, date)) return msg('msg.notOnHolidays');
  return null;
}

/** How many school days late a give made offline may still be sent (issue 35). */
export const OFFLINE_GIVE_SCHOOL_DAYS = 3;

/**
 * Why a give made offline on `madeDay` may no longer be sent `today` (null when it may): more than
 * OFFLINE_GIVE_SCHOOL_DAYS school days lie after the day it was made, up to today. Weekends,
 * holidays and days outside the school year do not count, so Friday's give sent on Monday is one
 * school day late.
 */
export function lateGiveRefusal(
  cal: SchoolCalendar,
  madeDay: IsoDate,
  today: IsoDate,
): Message | null {
  const refusal = msg('msg.giveTooLate', { days: OFFLINE_GIVE_SCHOOL_DAYS });
  // Over a year back is late whatever the calendar says (and bounds the walk below).
  if (daysFrom(madeDay, today) > 366) return refusal;
  let late = 0;
  for (let d = addDays(madeDay, 1); d <= today; d = addDays(d, 1))
    if (isSchoolDay(cal, d) && ++late > OFFLINE_GIVE_SCHOOL_DAYS) return refusal;
  return null;
}

/** The latest school day on or before `date` within the year (the default date of a give), or null. */
export function lastSchoolDay(cal: SchoolCalendar, date: IsoDate): IsoDate | null {
  let d = date > cal.yearEnd ? cal.yearEnd : date;
  for (let i = 0; i < 400 && d >= cal.yearStart; i++, d = addDays(d, -1))
    if (isSchoolDay(cal, d)) return d;
  return null;
}

/**
 * The school year containing `date`: August 1 to June 30 (the pattern of the spec's constants),
 * giving from August 16.
 */
export function schoolYearFor(date: IsoDate): {
  yearStart: IsoDate;
  yearEnd: IsoDate;
  givingStart: IsoDate;
} {
  const y = Number(date.slice(0, 4));
  const month = Number(date.slice(5, 7));
  const startYear = month >= 8 ? y : y - 1;
  return {
    yearStart: `${startYear}-08-01`,
    yearEnd: `${startYear + 1}-06-30`,
    givingStart: `${startYear}-08-16`,
  };
}

import { describe, expect, it } from 'vitest';
import { coachingMessage, pbisOfSchool, unrecognizedOnRoster } from './coaching';

describe('pbisOfSchool', () => {
  it("reads the school's window and recognition days", () => {
    expect(pbisOfSchool({ pbisRatioWindow: 'this-month', pbisRecognitionDays: 5 })).toEqual({
      window: 'this-month',
      recognitionDays: 5,
    });
  });
  it('falls back to this week and 10 days when the session does not carry them', () => {
    expect(pbisOfSchool({})).toEqual({ window: 'this-week', recognitionDays: 10 });
    expect(pbisOfSchool({ pbisRatioWindow: 'last-year', pbisRecognitionDays: 0 })).toEqual({
      window: 'this-week',
      recognitionDays: 10,
    });
  });
});

describe('coachingMessage', () => {
  it('is the gentle line when one more flag would take the ratio under the target', () => {
    // 3 bonuses, 1 flag: a second flag leaves 1.5 for every flag, under 4.
    expect(coachingMessage({ positives: 3, correctives: 1, target: 4 }, 'this-week')).toEqual({
      key: 'classroom.coaching.line',
      values: { ratio: 3, target: 4, window: 'week' },
      gentle: true,
    });
  });
  it('is the gentle line without a flag yet when a first flag would go under', () => {
    expect(coachingMessage({ positives: 2, correctives: 0, target: 4 }, 'this-month')).toEqual({
      key: 'classroom.coaching.lineNoFlag',
      values: { positives: 2, target: 4, window: 'month' },
      gentle: true,
    });
  });
  it('is the plain ratio while a flag would keep it at or over the target', () => {
    expect(coachingMessage({ positives: 52, correctives: 10, target: 4 }, 'this-week')).toEqual({
      key: 'classroom.coaching.ratio',
      values: { ratio: 5.2, target: 4, window: 'week' },
      gentle: false,
    });
    expect(coachingMessage({ positives: 8, correctives: 0, target: 4 }, 'year-to-date')).toEqual({
      key: 'classroom.coaching.ratioNoFlag',
      values: { positives: 8, target: 4, window: 'year' },
      gentle: false,
    });
  });
});

describe('unrecognizedOnRoster', () => {
  const students = [
    { _id: 'u1', externalStudentId: 'S1' },
    { _id: 'u2', externalStudentId: 'S2' },
  ];
  it("keeps this roster's students, in the answer's order, by user id and roster id", () => {
    const r = unrecognizedOnRoster(
      [
        { studentId: 'u2', name: 'B', lastRecognized: null },
        { studentId: 'u9', name: 'Other class', lastRecognized: '2026-09-01' },
        { studentId: 'u1', name: 'A', lastRecognized: '2026-09-20' },
      ],
      students,
    );
    expect(r.ids).toEqual(['S2', 'S1']);
    expect([...r.since]).toEqual([
      ['u2', null],
      ['u1', '2026-09-20'],
    ]);
  });
  it('is empty when everyone was recognised', () => {
    expect(unrecognizedOnRoster([], students)).toEqual({ since: new Map(), ids: [] });
  });
});

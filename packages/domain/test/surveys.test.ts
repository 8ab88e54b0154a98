import { describe, expect, it } from 'vitest';
import { SURVEY_NAMES } from '../src/constants.js';
import type { SurveyAudience } from '../src/policy.js';
import {
  nextSurvey,
  surveyAudienceReady,
  SURVEYS,
  surveyResultsResponse,
  surveysWait,
  surveyUseNeeded,
} from '../src/surveys.js';

/** Someone who has given and bought: every survey of their audiences is due. */
const USED = { hasGiven: true, hasBought: true };

describe('surveys', () => {
  it('defines the five surveys of docs/spec.md section 9, each with its own choices', () => {
    expect(SURVEYS.map((s) => s.name)).toEqual([...SURVEY_NAMES]);
    for (const s of SURVEYS) {
      expect(s.choices.length, s.name).toBeGreaterThanOrEqual(2);
      expect(new Set(s.choices.map((c) => c.id)).size, s.name).toBe(s.choices.length);
    }
  });

  it.each([
    [['STUDENT'], [], 'STUDENT_SATISFACTION_SURVEY'],
    [['STUDENT'], ['STUDENT_SATISFACTION_SURVEY'], 'STUDENT_SATISFACTION_SURVEY_V2'],
    [['STUDENT'], ['STUDENT_SATISFACTION_SURVEY_V2'], 'STUDENT_SATISFACTION_SURVEY'],
    [
      ['STUDENT'],
      ['STUDENT_SATISFACTION_SURVEY', 'STUDENT_SATISFACTION_SURVEY_V2'],
      'STUDENT_SATISFACTION_SURVEY_V3',
    ],
    [
      ['STUDENT'],
      [
        'STUDENT_SATISFACTION_SURVEY',
        'STUDENT_SATISFACTION_SURVEY_V2',
        'STUDENT_SATISFACTION_SURVEY_V3',
      ],
      null,
    ],
    [['STUDENT'], ['TEACHER_SATISFACTION_SURVEY'], 'STUDENT_SATISFACTION_SURVEY'],
    [['TEACHER'], [], 'TEACHER_SATISFACTION_SURVEY'],
    [['TEACHER'], ['TEACHER_SATISFACTION_SURVEY'], 'TEACHER_SATISFACTION_SURVEY_V2'],
    [['TEACHER'], ['TEACHER_SATISFACTION_SURVEY', 'TEACHER_SATISFACTION_SURVEY_V2'], null],
    [[], [], null],
  ])('audiences %j having answered %j are asked %s next', (audiences, answered, next) => {
    expect(nextSurvey(audiences as SurveyAudience[], answered, USED)?.name ?? null).toBe(next);
  });

  it('waits until the person has used what it asks about: a teacher a give, a student a purchase', () => {
    const none = { hasGiven: false, hasBought: false };
    expect(nextSurvey(['STUDENT'], [], none)).toBeNull();
    expect(nextSurvey(['TEACHER'], [], none)).toBeNull();
    // A give does not make a student's survey due, nor a purchase a teacher's.
    expect(nextSurvey(['STUDENT'], [], { hasGiven: true, hasBought: false })).toBeNull();
    expect(nextSurvey(['TEACHER'], [], { hasGiven: false, hasBought: true })).toBeNull();
    expect(nextSurvey(['STUDENT'], [], { hasGiven: false, hasBought: true })?.name).toBe(
      'STUDENT_SATISFACTION_SURVEY',
    );
    expect(nextSurvey(['TEACHER'], [], { hasGiven: true, hasBought: false })?.name).toBe(
      'TEACHER_SATISFACTION_SURVEY',
    );
    // Someone in both audiences who has only given is asked the teacher survey.
    expect(nextSurvey(['STUDENT', 'TEACHER'], [], { hasGiven: true, hasBought: false })?.name).toBe(
      'TEACHER_SATISFACTION_SURVEY',
    );
    expect(surveyAudienceReady('STUDENT', none)).toBe(false);
    expect(surveyUseNeeded(['STUDENT', 'TEACHER'])).toEqual(['hasBought', 'hasGiven']);
    expect(surveyUseNeeded([])).toEqual([]);
  });

  it('wait through the first week and for 30 days after a dismissal', () => {
    const now = new Date('2026-10-14T16:00:00Z');
    const ago = (days: number, minutes = 0) =>
      new Date(now.getTime() - days * 86_400_000 - minutes * 60_000);
    expect(surveysWait(now, ago(30), null)).toBe(false);
    expect(surveysWait(now, ago(7), null)).toBe(false);
    expect(surveysWait(now, ago(7, -1), null)).toBe(true);
    expect(surveysWait(now, now, null)).toBe(true);
    // An account made "later" than the clock (a clock set back) is still in its first week.
    expect(surveysWait(now, ago(-3), null)).toBe(true);
    expect(surveysWait(now, ago(60), ago(30))).toBe(false);
    expect(surveysWait(now, ago(60), ago(30, -1))).toBe(true);
    expect(surveysWait(now, ago(60), ago(0))).toBe(true);
    expect(surveysWait(now, null, null)).toBe(false);
  });

  it('results schema accepts counts per choice', () => {
    const s = SURVEYS[0]!;
    const ok = surveyResultsResponse.safeParse([
      {
        ...s,
        choices: s.choices.map((c) => ({ ...c, count: 1 })),
        dismissed: 0,
        total: s.choices.length,
      },
    ]);
    expect(ok.success).toBe(true);
  });
});

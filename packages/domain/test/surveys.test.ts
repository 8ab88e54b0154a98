import { describe, expect, it } from 'vitest';
import { SURVEY_NAMES } from '../src/constants.js';
import type { SurveyAudience } from '../src/policy.js';
import { nextSurvey, SURVEYS, surveyResultsResponse } from '../src/surveys.js';

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
    expect(nextSurvey(audiences as SurveyAudience[], answered)?.name ?? null).toBe(next);
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

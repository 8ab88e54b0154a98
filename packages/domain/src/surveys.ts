import { z } from 'zod';
import { SURVEY_NAMES } from './constants.js';
import { int } from './response-fields.js';
import { SURVEY_AUDIENCES, type SurveyAudience } from './policy.js';

/*
 * The five surveys of docs/spec.md section 9. The spec names them only; their questions and choices are
 * ours (docs/decisions/037-surveys.md). Each is one question with a fixed list of choices, so results are counts per
 * choice; a student or teacher is asked each survey of their audience until they answer it, oldest
 * first, at most one per sign-in, in a card that never stands in front of a page; dismissing one
 * keeps every survey away for 30 days, and nobody is asked in their first week
 * (docs/decisions/134-surveys-never-in-the-way.md).
 */

export type SurveyName = (typeof SURVEY_NAMES)[number];

export interface SurveyChoice {
  id: string;
  label: string;
}
export interface SurveyDefinition {
  name: SurveyName;
  audience: SurveyAudience;
  title: string;
  question: string;
  choices: readonly SurveyChoice[];
}

/** Five-point answers shared by the satisfaction questions. */
const SATISFACTION: readonly SurveyChoice[] = [
  { id: 'VERY_SATISFIED', label: 'Very satisfied' },
  { id: 'SATISFIED', label: 'Satisfied' },
  { id: 'NEUTRAL', label: 'Neither satisfied nor dissatisfied' },
  { id: 'DISSATISFIED', label: 'Dissatisfied' },
  { id: 'VERY_DISSATISFIED', label: 'Very dissatisfied' },
];
const EASE: readonly SurveyChoice[] = [
  { id: 'VERY_EASY', label: 'Very easy' },
  { id: 'EASY', label: 'Easy' },
  { id: 'NEUTRAL', label: 'Neither easy nor hard' },
  { id: 'HARD', label: 'Hard' },
  { id: 'VERY_HARD', label: 'Very hard' },
];
const LIKELY: readonly SurveyChoice[] = [
  { id: 'VERY_LIKELY', label: 'Very likely' },
  { id: 'LIKELY', label: 'Likely' },
  { id: 'NOT_SURE', label: 'Not sure' },
  { id: 'UNLIKELY', label: 'Unlikely' },
  { id: 'VERY_UNLIKELY', label: 'Very unlikely' },
];

export const SURVEYS: readonly SurveyDefinition[] = [
  {
    name: 'STUDENT_SATISFACTION_SURVEY',
    audience: 'STUDENT',
    title: 'How do you like it?',
    question: 'How satisfied are you with earning points and shopping in the store?',
    choices: SATISFACTION,
  },
  {
    name: 'STUDENT_SATISFACTION_SURVEY_V2',
    audience: 'STUDENT',
    title: 'Earning points',
    question: 'How easy is it to know how to earn points?',
    choices: EASE,
  },
  {
    name: 'STUDENT_SATISFACTION_SURVEY_V3',
    audience: 'STUDENT',
    title: 'The store',
    question: 'How likely are you to save up for something in the store?',
    choices: LIKELY,
  },
  {
    name: 'TEACHER_SATISFACTION_SURVEY',
    audience: 'TEACHER',
    title: 'How do you like it?',
    question: 'How satisfied are you with giving bonuses and flags?',
    choices: SATISFACTION,
  },
  {
    name: 'TEACHER_SATISFACTION_SURVEY_V2',
    audience: 'TEACHER',
    title: 'Your classes',
    question: 'How likely are you to recommend this to another teacher?',
    choices: LIKELY,
  },
];

export const surveyByName = (name: string): SurveyDefinition | undefined =>
  SURVEYS.find((s) => s.name === name);

/** How the results name a survey's audience. */
export const AUDIENCE_LABEL: Record<SurveyAudience, string> = {
  STUDENT: 'students',
  TEACHER: 'teachers',
};

/** What the user has done of what the surveys ask about. */
export interface SurveyUse {
  /** A teacher's: they have given a bonus or flag at least once. */
  hasGiven: boolean;
  /** A student's: they have placed an order at least once. */
  hasBought: boolean;
}

/**
 * Whether an audience's surveys may be asked yet: a survey asks about something the person has
 * used, so a teacher waits for their first give and a student for their first purchase, and nobody
 * is asked on their first sign-in (docs/decisions/105-fulfilment-queue-and-redeem.md).
 */
export const surveyAudienceReady = (audience: SurveyAudience, use: SurveyUse): boolean =>
  use[SURVEY_SUBJECT[audience]];

/** What each audience's surveys ask about. */
const SURVEY_SUBJECT: Record<SurveyAudience, keyof SurveyUse> = {
  STUDENT: 'hasBought',
  TEACHER: 'hasGiven',
};

/** Which facts of SurveyUse the audiences' surveys wait for (the server looks up only these). */
export const surveyUseNeeded = (audiences: readonly SurveyAudience[]): (keyof SurveyUse)[] =>
  audiences.map((a) => SURVEY_SUBJECT[a]);

/**
 * The survey to ask next: the first of the given audiences' surveys not yet answered (a dismissed
 * one comes back once surveys no longer wait), of an audience whose subject the user has used
 * (null: none).
 */
export function nextSurvey(
  audiences: readonly SurveyAudience[],
  answered: readonly string[],
  use: SurveyUse,
): SurveyDefinition | null {
  return (
    SURVEYS.find(
      (s) =>
        audiences.includes(s.audience) &&
        surveyAudienceReady(s.audience, use) &&
        !answered.includes(s.name),
    ) ?? null
  );
}

/** After "No thanks", no survey is asked for this many days (by the app's clock). */
export const SURVEY_DISMISSED_DAYS = 30;
/** Nobody is asked a survey in their first this many days (counted from their account's creation). */
export const SURVEY_FIRST_DAYS = 7;

const DAY_MS = 86_400_000;

/**
 * Whether surveys wait at `now`: during the person's first week (since `joined`, their account's
 * creation) and for 30 days after they last dismissed one (`dismissed`, null: never).
 */
export function surveysWait(now: Date, joined: Date | null, dismissed: Date | null): boolean {
  const since = (d: Date | null) => (d ? now.getTime() - d.getTime() : Infinity);
  return (
    since(joined) < SURVEY_FIRST_DAYS * DAY_MS || since(dismissed) < SURVEY_DISMISSED_DAYS * DAY_MS
  );
}

/* ---- API shapes ---- */

const surveyChoiceResponse = z.object({ id: z.string(), label: z.string() });
export const surveyResponse = z.object({
  name: z.enum(SURVEY_NAMES),
  audience: z.enum(SURVEY_AUDIENCES),
  title: z.string(),
  question: z.string(),
  choices: z.array(surveyChoiceResponse),
});
export type Survey = z.infer<typeof surveyResponse>;

/** GET surveys/pending: the survey to ask the signed-in user now, if any. */
export const pendingSurveyResponse = z.object({ survey: surveyResponse.nullable() });
export type PendingSurvey = z.infer<typeof pendingSurveyResponse>;

/** POST surveys/{name}/answer: a choice of that survey, or null to dismiss it (for 30 days). */
export const surveyAnswerBody = z.object({
  answer: z
    .string({ error: 'answer must be one of the survey’s choices or null' })
    .max(50, { error: 'answer must be one of the survey’s choices or null' })
    .nullable(),
});
export type SurveyAnswerBody = z.infer<typeof surveyAnswerBody>;

export const surveyAnsweredResponse = z.object({
  name: z.enum(SURVEY_NAMES),
  answer: z.string().nullable(),
});
export type SurveyAnswered = z.infer<typeof surveyAnsweredResponse>;

/** GET surveys/results: per survey, how many chose each choice and how many dismissed it (the caller's school). */
export const surveyResultsResponse = z.array(
  surveyResponse.extend({
    choices: z.array(surveyChoiceResponse.extend({ count: int() })),
    dismissed: int(),
    total: int(),
  }),
);
export type SurveyResults = z.infer<typeof surveyResultsResponse>;

import { eq, sql } from 'drizzle-orm';
import {
  nextSurvey,
  surveyByName,
  SURVEYS,
  surveyUseNeeded,
  type PendingSurvey,
  type Survey,
  type SurveyAnswerBody,
  type SurveyAnswered,
  type SurveyDefinition,
  type SurveyResults,
} from '@app/domain';
import { surveyAudiencesOf } from '../../access/surveys.js';
import type { Queryable } from '../../db/client.js';
import { preparedFor } from '../../db/prepared.js';
import { activities, orders, surveyAnswers } from '../../db/schema.js';
import type { AuthUser } from '../../lib/auth-context.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';

const present = (s: SurveyDefinition): Survey => ({
  name: s.name,
  audience: s.audience,
  title: s.title,
  question: s.question,
  choices: s.choices.map((c) => ({ ...c })),
});

/**
 * What the pending survey depends on, in one prepared statement: the surveys the user answered or
 * dismissed, whether they ever gave and whether they ever bought (one index probe each).
 */
const pendingQuery = preparedFor((db) => {
  const ph = sql.placeholder;
  return db
    .select({
      answered: sql<string[] | null>`(select array_agg(a.survey) from ${surveyAnswers} a
        where a.school_id = ${ph('schoolId')} and a.user_id = ${ph('userId')})`,
      hasGiven: sql<boolean>`${ph('needsGiven')}::boolean and exists (select 1 from ${activities} g
        where g.school_id = ${ph('schoolId')} and g.given_by = ${ph('userId')})`,
      hasBought: sql<boolean>`${ph('needsBought')}::boolean and exists (select 1 from ${orders} o
        where o.school_id = ${ph('schoolId')} and o.student_id = ${ph('userId')})`,
    })
    .from(sql`(select 1) as one`)
    .prepare('pending_survey');
});

/**
 * GET surveys/pending: the first survey of the user's audience they have not answered or
 * dismissed, once they have used what it asks about (a teacher a give, a student a purchase).
 */
export async function pendingSurvey(db: Queryable, u: AuthUser): Promise<PendingSurvey> {
  const audiences = surveyAudiencesOf(u);
  const needs = surveyUseNeeded(audiences);
  const [row] = await pendingQuery(db).execute({
    schoolId: u.schoolId,
    userId: u.id,
    needsGiven: needs.includes('hasGiven'),
    needsBought: needs.includes('hasBought'),
  });
  const next = nextSurvey(audiences, row?.answered ?? [], {
    hasGiven: row?.hasGiven === true,
    hasBought: row?.hasBought === true,
  });
  return { survey: next ? present(next) : null };
}

/**
 * POST surveys/{name}/answer: the user's one answer (null: dismissed). The primary key keeps it
 * to one per user and survey, even for two answers sent at once.
 */
export async function answerSurvey(
  db: Queryable,
  u: AuthUser,
  name: string,
  body: SurveyAnswerBody,
): Promise<SurveyAnswered> {
  const survey = surveyByName(name);
  if (!survey || !surveyAudiencesOf(u).includes(survey.audience))
    throw notFound('Survey not found');
  if (body.answer !== null && !survey.choices.some((c) => c.id === body.answer)) {
    throw badRequest(`answer must be one of ${survey.choices.map((c) => c.id).join(', ')} or null`);
  }
  const inserted = await db
    .insert(surveyAnswers)
    .values({ schoolId: u.schoolId, userId: u.id, survey: survey.name, answer: body.answer })
    .onConflictDoNothing()
    .returning({ survey: surveyAnswers.survey });
  if (!inserted.length) throw conflict('You answered this survey already.');
  return { name: survey.name, answer: body.answer };
}

/** GET surveys/results: every survey with its counts per choice in the caller's school. */
export async function surveyResults(db: Queryable, u: AuthUser): Promise<SurveyResults> {
  const rows = await db
    .select({
      survey: surveyAnswers.survey,
      answer: surveyAnswers.answer,
      n: sql<number>`count(*)`.mapWith(Number),
    })
    .from(surveyAnswers)
    .where(eq(surveyAnswers.schoolId, u.schoolId))
    .groupBy(surveyAnswers.survey, surveyAnswers.answer);
  const count = (survey: string, answer: string | null) =>
    rows.find((r) => r.survey === survey && r.answer === answer)?.n ?? 0;
  return SURVEYS.map((s) => {
    const choices = s.choices.map((c) => ({ ...c, count: count(s.name, c.id) }));
    const dismissed = count(s.name, null);
    return {
      ...present(s),
      choices,
      dismissed,
      total: dismissed + choices.reduce((a, c) => a + c.count, 0),
    };
  });
}

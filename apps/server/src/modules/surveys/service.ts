import { eq, sql } from 'drizzle-orm';
import {
  clockNow,
  msg,
  nextSurvey,
  type PendingSurvey,
  type Survey,
  type SurveyAnswerBody,
  type SurveyAnswered,
  surveyByName,
  type SurveyDefinition,
  type SurveyResults,
  SURVEYS,
  surveysWait,
  surveyUseNeeded,
} from '@app/domain';
import { surveyAudiencesOf } from '../../access/surveys.js';
import type { Queryable } from '../../db/client.js';
import { preparedFor } from '../../db/prepared.js';
import { activities, orders, surveyAnswers, users } from '../../db/schema.js';
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
 * What the pending survey depends on, in one prepared statement: the surveys the user answered,
 * when they last dismissed one, when their account was made, whether they ever gave and whether
 * they ever bought (one index probe each).
 */
const pendingQuery = preparedFor((db) => {
  const ph = sql.placeholder;
  return db
    .select({
      answered: sql<string[] | null>`(select array_agg(a.survey) from ${surveyAnswers} a
        where a.school_id = ${ph('schoolId')} and a.user_id = ${ph('userId')} and a.answer is not null)`,
      dismissedAt: sql<string | null>`(select max(d.at) from ${surveyAnswers} d
        where d.school_id = ${ph('schoolId')} and d.user_id = ${ph('userId')} and d.answer is null)`,
      joinedAt: sql<string | null>`(select u.created_at from ${users} u
        where u.school_id = ${ph('schoolId')} and u.id = ${ph('userId')})`,
      hasGiven: sql<boolean>`${ph('needsGiven')}::boolean and exists (select 1 from ${activities} g
        where g.school_id = ${ph('schoolId')} and g.given_by = ${ph('userId')})`,
      hasBought: sql<boolean>`${ph('needsBought')}::boolean and exists (select 1 from ${orders} o
        where o.school_id = ${ph('schoolId')} and o.student_id = ${ph('userId')})`,
    })
    .from(sql`(select 1) as one`)
    .prepare('pending_survey');
});

const instant = (v: string | Date | null | undefined): Date | null =>
  v === null || v === undefined ? null : new Date(v);

/**
 * GET surveys/pending: the first survey of the user's audience they have not answered, once they
 * have used what it asks about (a teacher a give, a student a purchase); none in their first week
 * (since their account was made) nor for 30 days after they dismissed one, by the app's clock
 * (docs/decisions/134-surveys-never-in-the-way.md).
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
  if (surveysWait(clockNow(), instant(row?.joinedAt), instant(row?.dismissedAt)))
    return { survey: null };
  const next = nextSurvey(audiences, row?.answered ?? [], {
    hasGiven: row?.hasGiven === true,
    hasBought: row?.hasBought === true,
  });
  return { survey: next ? present(next) : null };
}

/**
 * POST surveys/{name}/answer: the user's one answer, or null to dismiss it for now. The primary
 * key keeps one row per user and survey: a dismissal is kept with its time (the app's clock) and
 * a later dismissal or the answer replaces it; once answered, the row no longer changes, even for
 * two answers sent at once.
 */
export async function answerSurvey(
  db: Queryable,
  u: AuthUser,
  name: string,
  body: SurveyAnswerBody,
): Promise<SurveyAnswered> {
  const survey = surveyByName(name);
  if (!survey || !surveyAudiencesOf(u).includes(survey.audience))
    throw notFound(msg('msg.surveyNotFound'));
  if (body.answer !== null && !survey.choices.some((c) => c.id === body.answer)) {
    throw badRequest(
      msg('msg.surveyAnswerChoice', { choices: survey.choices.map((c) => c.id).join(', ') }),
    );
  }
  const inserted = await db
    .insert(surveyAnswers)
    .values({
      schoolId: u.schoolId,
      userId: u.id,
      survey: survey.name,
      answer: body.answer,
      at: clockNow(),
    })
    .onConflictDoUpdate({
      target: [surveyAnswers.schoolId, surveyAnswers.userId, surveyAnswers.survey],
      set: { answer: sql`excluded.answer`, at: sql`excluded.at` },
      setWhere: sql`${surveyAnswers.answer} is null`,
    })
    .returning({ survey: surveyAnswers.survey });
  if (!inserted.length) throw conflict(msg('msg.surveyAnswered'));
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

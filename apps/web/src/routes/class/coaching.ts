import {
  coachingLine,
  feedbackRatio,
  PBIS_RATIO_WINDOW_DEFAULT,
  PBIS_RATIO_WINDOWS,
  RECOGNITION_DAYS_DEFAULT,
  WINDOW_WORD,
  type CoachingAnswer,
  type MessageKey,
  type PbisRatioWindow,
} from '@app/domain';

/*
 * What the class page shows of a giver's ratio and of the students nobody has recognised (issue
 * 34): pure, so the words and the selection are tested without a screen.
 */

/**
 * The school's PBIS window and recognition days as the session's school carries them; a session
 * without them (or with a value the web does not know) reads the defaults. The page asks for the
 * figures of this same window, so the line never names another one than it counts.
 */
export function pbisOfSchool(school: object): { window: PbisRatioWindow; recognitionDays: number } {
  const s = school as { pbisRatioWindow?: unknown; pbisRecognitionDays?: unknown };
  const window = (PBIS_RATIO_WINDOWS as readonly unknown[]).includes(s.pbisRatioWindow)
    ? (s.pbisRatioWindow as PbisRatioWindow)
    : PBIS_RATIO_WINDOW_DEFAULT;
  const days =
    typeof s.pbisRecognitionDays === 'number' && s.pbisRecognitionDays > 0
      ? s.pbisRecognitionDays
      : RECOGNITION_DAYS_DEFAULT;
  return { window, recognitionDays: days };
}

/** The line beside the roster: gentle when one more flag would take the giver under the target, else the plain ratio. */
export function coachingMessage(
  c: Pick<CoachingAnswer, 'positives' | 'correctives' | 'target'>,
  window: PbisRatioWindow,
): { key: MessageKey; values: Record<string, string | number>; gentle: boolean } {
  const gentle = coachingLine(c, window);
  if (gentle) return { ...gentle, gentle: true };
  const words = WINDOW_WORD[window];
  return c.correctives > 0
    ? {
        key: 'classroom.coaching.ratio',
        values: {
          ratio: feedbackRatio(c.positives, c.correctives) ?? 0,
          target: c.target,
          window: words,
        },
        gentle: false,
      }
    : {
        key: 'classroom.coaching.ratioNoFlag',
        values: { positives: c.positives, target: c.target, window: words },
        gentle: false,
      };
}

/**
 * The students of this roster nobody has recognised, by their user id (`_id`) with the day of
 * their latest bonus (null: none yet), and their roster ids (`externalStudentId`) in the order the
 * answer gives them (those waiting longest first), for "select them all".
 */
export function unrecognizedOnRoster(
  unrecognized: CoachingAnswer['unrecognized'],
  students: readonly { _id: string; externalStudentId: string }[],
): { since: Map<string, string | null>; ids: string[] } {
  const byId = new Map(students.map((s) => [s._id, s.externalStudentId]));
  const since = new Map<string, string | null>();
  const ids: string[] = [];
  for (const u of unrecognized) {
    const rosterId = byId.get(u.studentId);
    if (rosterId === undefined || since.has(u.studentId)) continue;
    since.set(u.studentId, u.lastRecognized);
    ids.push(rosterId);
  }
  return { since, ids };
}

import { z } from 'zod';
import { msg, schemaText } from './message.js';
import { ACTIVITY_CATEGORIES, MAX_COMMENT_LENGTH } from './constants.js';
import { displayName } from './schemas.js';
import { isValidIsoDate } from './school-days.js';

const isoDate = (field: string) =>
  z
    .string({ error: `${field} must be a date (YYYY-MM-DD)` })
    .refine(isValidIsoDate, { error: `${field} must be a date (YYYY-MM-DD)` });
const idList = (field: string) =>
  z
    .array(z.string().min(1).max(100), { error: `${field} must be a list` })
    .max(5000)
    .optional();
const comment = z
  .string({ error: schemaText(msg('msg.commentTooLong')) })
  .trim()
  .max(MAX_COMMENT_LENGTH, { error: schemaText(msg('msg.commentTooLong')) });
export const categorySchema = z.enum(ACTIVITY_CATEGORIES, {
  error: `category must be one of ${ACTIVITY_CATEGORIES.join(', ')}`,
});

/** A custom action: written inline in a give, or the body of POST /activity/options/custom (saved for the teacher, as TEACHER_CUSTOM_ACTION). */
export const customActionInput = z.object({
  name: displayName(
    z
      .string()
      .trim()
      .min(1, { error: 'name is required' })
      .max(40, { error: 'name must be at most 40 characters' }),
  ),
  category: z.enum(['Flags', 'Bonuses'], {
    error: 'category of a custom action must be Flags or Bonuses',
  }),
  points: z
    .number()
    .int()
    .min(1, { error: 'points must be between 1 and 50' })
    .max(50, { error: 'points must be between 1 and 50' })
    .optional(),
});
export type CustomActionInput = z.infer<typeof customActionInput>;

export const bulkGiveBody = z.object({
  houseNames: idList('houseNames'),
  groupIds: idList('groupIds'),
  externalStudentIds: idList('externalStudentIds'),
  gradeLevels: idList('gradeLevels'),
  internalPeriodId: z.string().max(100).optional().nullable(),
  date: isoDate('date').optional(),
  /**
   * When a give made offline was made (issue 35): the give is of that day in the school's time
   * zone, and is refused when sent more than OFFLINE_GIVE_SCHOOL_DAYS school days later.
   */
  madeAt: z.iso.datetime({ offset: true, error: 'madeAt must be a time (ISO 8601)' }).optional(),
  comment: comment.optional(),
  category: categorySchema.optional(),
  activityTypes: z
    .array(z.union([z.string().min(1).max(100), customActionInput]), {
      error: schemaText(msg('msg.activitiesMin')),
    })
    .min(1, { error: schemaText(msg('msg.activitiesMin')) })
    .max(10, { error: 'At most 10 activities at once' }),
});
export type BulkGiveBody = z.infer<typeof bulkGiveBody>;

export const activityUpdateBody = z
  .object({
    activityType: z.string().min(1).max(100).optional(),
    comment: comment.optional(),
    points: z
      .number({ error: 'points must be a whole number' })
      .int({ error: 'points must be a whole number' })
      .optional(),
  })
  .refine(
    (b) => b.activityType !== undefined || b.comment !== undefined || b.points !== undefined,
    {
      error: 'Nothing to change: give activityType, comment or points',
    },
  );
export type ActivityUpdateBody = z.infer<typeof activityUpdateBody>;

/** Activities a page of GET activity/ holds unless `limit` says otherwise. */
export const ACTIVITY_PAGE = 50;

export const activityListQuery = z.object({
  studentId: z.string().max(100).optional(),
  internalPeriodId: z.string().max(100).optional(),
  category: categorySchema.optional(),
  startDate: isoDate('startDate').optional(),
  endDate: isoDate('endDate').optional(),
  limit: z.coerce.number().int().min(1).max(1000).default(ACTIVITY_PAGE),
  /** The keyset cursor: the `_id` of the last activity shown; the page continues after it. */
  before: z
    .string()
    .regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, {
      error: 'before must be the _id of the last activity shown',
    })
    .optional(),
  offset: z.coerce.number().int().min(0).default(0),
  time: z.string().optional(),
});
/** The list's filters after validation (limit and offset defaulted); a client sends a Partial of it. */
export type ActivityListQuery = z.infer<typeof activityListQuery>;

export const dateQuery = z.object({
  date: isoDate('date').optional(),
  time: z.string().optional(),
});

export const balanceBody = z.object({
  endDates: z.array(isoDate('endDates'), { error: 'endDates must be a list of dates' }).max(400),
  studentId: z.string().max(100).optional(),
});

export const powerActionsBody = z.object({
  powerActions: z
    .array(z.string().min(1).max(100), { error: 'powerActions must be a list of activity ids' })
    .max(12, {
      error: 'At most 12 power actions',
    }),
});
export type PowerActionsBody = z.infer<typeof powerActionsBody>;

export const groupTypeBody = z.object({
  name: displayName(
    z
      .string({ error: 'name is required' })
      .trim()
      .min(1, { error: 'name is required' })
      .max(60, { error: 'name must be at most 60 characters' }),
  ),
  internalPeriodId: z
    .string({ error: 'internalPeriodId is required' })
    .min(1, { error: 'internalPeriodId is required' })
    .max(100),
  groups: z
    .array(
      z.object({
        _id: z.string().max(100).optional(),
        name: displayName(
          z
            .string({ error: 'group name is required' })
            .trim()
            .min(1, { error: 'group name is required' })
            .max(60),
        ),
        studentIds: z
          .array(z.string().min(1).max(100), { error: 'studentIds must be a list' })
          .max(500),
      }),
      { error: 'groups must be a list' },
    )
    .max(50),
});
export type GroupTypeBody = z.infer<typeof groupTypeBody>;
export const groupTypeUpdateBody = groupTypeBody.omit({ internalPeriodId: true });
export type GroupTypeUpdateBody = z.infer<typeof groupTypeUpdateBody>;
/** One group of a group type as sent: an _id keeps an existing group, none makes a new one. */
export type GroupInput = GroupTypeBody['groups'][number];

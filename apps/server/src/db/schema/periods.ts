import { sql } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns.js';

/* Houses, periods (classes) with their students, and the groups teachers make in them. */

export const houses = pgTable(
  'houses',
  {
    schoolId: uuid('school_id').notNull(),
    name: text('name').notNull(),
    color: text('color').notNull(),
  },
  (t) => [primaryKey({ columns: [t.schoolId, t.name] })],
);

export const periods = pgTable(
  'periods',
  {
    schoolId: uuid('school_id').notNull(),
    id: id(),
    name: text('name').notNull().default(''),
    teacherId: uuid('teacher_id').notNull(),
    externalTeacherId: text('external_teacher_id').notNull(),
    coTeachers: text('co_teachers')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    periodNumber: integer('period_number').notNull(),
    sectionNumbers: text('section_numbers')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** The OneRoster class sourcedId of a period a roster import made (null: made by hand). */
    sourceId: text('source_id'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.schoolId, t.id] }),
    uniqueIndex('periods_source')
      .on(t.schoolId, t.sourceId)
      .where(sql`${t.sourceId} is not null`),
  ],
);

export const periodStudents = pgTable(
  'period_students',
  {
    schoolId: uuid('school_id').notNull(),
    periodId: uuid('period_id').notNull(),
    studentId: uuid('student_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.schoolId, t.periodId, t.studentId] }),
    index('period_students_student').on(t.schoolId, t.studentId),
  ],
);

export const groupTypes = pgTable(
  'group_types',
  {
    schoolId: uuid('school_id').notNull(),
    id: id(),
    name: text('name').notNull(),
    periodId: uuid('internal_period_id').notNull(),
    createdBy: uuid('created_by'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.schoolId, t.id] }),
    index('group_types_period').on(t.schoolId, t.periodId),
  ],
);

export const groups = pgTable(
  'groups',
  {
    schoolId: uuid('school_id').notNull(),
    id: id(),
    groupTypeId: uuid('group_type_id').notNull(),
    name: text('name').notNull(),
    studentIds: uuid('student_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
  },
  (t) => [
    primaryKey({ columns: [t.schoolId, t.id] }),
    index('groups_type').on(t.schoolId, t.groupTypeId),
  ],
);

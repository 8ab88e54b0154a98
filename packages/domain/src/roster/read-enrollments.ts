/** Reading enrollments.csv: each class's teachers and students; a class with no teacher is left out. */

import { msg, type Message } from '../message.js';
import { isValidIsoDate } from '../school-days.js';
import { field, type Issues, type RosterRow, type Rows } from './files.js';
import { ENROLLMENT_ROLES, type RosterClass } from './model.js';
import type { ReadClass, ReadPerson } from './read-people.js';

interface Enrolling {
  classRows: Rows;
  userRows: Rows;
  classes: Map<string, ReadClass>;
  people: Map<string, ReadPerson>;
  today: string;
}

/** Enrolls each valid, current enrollment of this school's classes and people. */
export function enrollAll(enrollmentRows: Rows, at: Enrolling, errors: Issues, warnings: Issues) {
  for (const [, row] of enrollmentRows) {
    if (!enrollmentIsValid(row, at, errors)) continue;
    const classId = field(row, 'classSourcedId');
    const userId = field(row, 'userSourcedId');
    const end = field(row, 'endDate');
    const cls = at.classes.get(classId);
    const person = at.people.get(userId);
    if (!cls || !person) continue; // another school's class, or not a user here
    if (end && end < at.today) continue; // ended
    const role = field(row, 'role').toLowerCase();
    if (role === 'student') enrollStudent(cls, person, row, warnings);
    else if (role === 'teacher') enrollTeacher(cls, person, row, warnings);
  }
}

/** Checks a row's references, role and dates; each problem is an error. */
function enrollmentIsValid(row: RosterRow, at: Enrolling, errors: Issues): boolean {
  const classId = field(row, 'classSourcedId');
  const userId = field(row, 'userSourcedId');
  const role = field(row, 'role').toLowerCase();
  const begin = field(row, 'beginDate');
  const end = field(row, 'endDate');
  let bad = false;
  const fail = (reason: Message) => {
    errors.add('enrollments.csv', row.line, reason);
    bad = true;
  };
  if (!at.classRows.has(classId))
    fail(msg('msg.rosterNotAClass', { column: 'classSourcedId', value: classId }));
  if (!at.userRows.has(userId))
    fail(msg('msg.rosterNotAUser', { column: 'userSourcedId', value: userId }));
  if (!ENROLLMENT_ROLES.includes(role))
    fail(msg('msg.rosterNotAnEnrollmentRole', { role: field(row, 'role') }));
  if (begin && !isValidIsoDate(begin))
    fail(msg('msg.rosterNotADay', { column: 'beginDate', value: begin }));
  if (end && !isValidIsoDate(end))
    fail(msg('msg.rosterNotADay', { column: 'endDate', value: end }));
  if (!bad && begin && end && end < begin)
    fail(msg('msg.rosterEndBefore', { end, startColumn: 'beginDate', start: begin }));
  return !bad;
}

function enrollStudent(cls: ReadClass, person: ReadPerson, row: RosterRow, warnings: Issues) {
  const userId = person.sourcedId;
  if (person.role !== 'STUDENT')
    warnings.add('enrollments.csv', row.line, msg('msg.rosterNotAStudent', { id: userId }));
  else if (!cls.students.includes(userId)) cls.students.push(userId);
}

/** The first teacher (or the first `primary` one) is the class's; the others are co-teachers. */
function enrollTeacher(cls: ReadClass, person: ReadPerson, row: RosterRow, warnings: Issues) {
  const userId = person.sourcedId;
  if (person.role === 'STUDENT') {
    warnings.add('enrollments.csv', row.line, msg('msg.rosterStudentAsTeacher', { id: userId }));
    return;
  }
  const primary = field(row, 'primary').toLowerCase() === 'true';
  if (!cls.teacher || (primary && !cls.primary)) {
    if (cls.teacher) cls.coTeachers.unshift(cls.teacher);
    cls.teacher = userId;
    cls.primary = primary;
  } else if (cls.teacher !== userId && !cls.coTeachers.includes(userId))
    cls.coTeachers.push(userId);
  cls.coTeachers = cls.coTeachers.filter((t) => t !== cls.teacher);
}

/** The classes with a teacher; each one without is a warning. */
export function classesWithTeacher(classes: Map<string, ReadClass>, warnings: Issues) {
  const kept: RosterClass[] = [];
  for (const c of classes.values()) {
    if (!c.teacher) {
      warnings.add('classes.csv', c.line, msg('msg.rosterNoTeacher', { id: c.sourcedId }));
      continue;
    }
    const { line: _line, primary: _primary, ...cls } = c;
    kept.push(cls);
  }
  return kept;
}

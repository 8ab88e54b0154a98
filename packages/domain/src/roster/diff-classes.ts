/** The diff's classes: periods to add, change and empty, their enrollments and co-teachers. */

import type { RosterClass } from './model.js';
import {
  type CurrentPeriod,
  type Diffing,
  type PeriodValues,
  type RosterChange,
  sameList,
} from './plan.js';

interface ClassChanges {
  periods: { add: RosterChange[]; change: RosterChange[]; remove: RosterChange[] };
  enrollments: { add: RosterChange[]; remove: RosterChange[] };
  coTeachers: { add: RosterChange[]; remove: RosterChange[] };
}

/** The files' classes against the periods an import made; `leaving`: the user ids who leave. */
export function diffClasses(d: Diffing, leaving: Set<string>): ClassChanges {
  const out: ClassChanges = {
    periods: { add: [], change: [], remove: [] },
    enrollments: { add: [], remove: [] },
    coTeachers: { add: [], remove: [] },
  };
  const leavingExternal = new Set(d.plan.leave.map((l) => l.externalId));
  const bySource = new Map(
    d.current.periods.filter((p) => p.sourceId).map((p) => [p.sourceId!, p]),
  );
  for (const c of d.roster.classes)
    diffClass(d, c, bySource.get(c.sourcedId), leavingExternal, out);
  emptyGoneClasses(d, bySource, leavingExternal, out);
  leaversLeaveClasses(d, leaving, out);
  return out;
}

function diffClass(
  d: Diffing,
  c: RosterClass,
  was: CurrentPeriod | undefined,
  leavingExternal: Set<string>,
  out: ClassChanges,
) {
  const { plan, personName } = d;
  const values: PeriodValues = {
    name: c.name,
    teacher: c.teacher,
    coTeachers: c.coTeachers,
    periodNumber: c.periodNumber,
    sectionNumbers: c.sectionNumbers,
  };
  const before = new Set(was?.students ?? []);
  const after = new Set(c.students);
  if (!was) {
    plan.insertPeriods.push({ sourcedId: c.sourcedId, ...values });
    out.periods.add.push({ sourcedId: c.sourcedId, name: c.name, detail: personName(c.teacher) });
  } else {
    changePeriod(d, c, was, values, out);
    for (const s of before) {
      const id = d.byExternal.get(s)?.id;
      // A leaver's enrollments are listed with the leavers' below.
      if (!after.has(s) && id && !leavingExternal.has(s)) {
        plan.removeEnrollments.push({ periodId: was.id, studentId: id });
        out.enrollments.remove.push({ sourcedId: s, name: personName(s), detail: c.name });
      }
    }
  }
  for (const s of after) {
    if (before.has(s)) continue;
    plan.addEnrollments.push({ classSourcedId: c.sourcedId, studentSourcedId: s });
    out.enrollments.add.push({ sourcedId: s, name: personName(s), detail: c.name });
  }
  const coBefore = new Set(was?.coTeachers ?? []);
  for (const t of c.coTeachers)
    if (!coBefore.has(t))
      out.coTeachers.add.push({ sourcedId: t, name: personName(t), detail: c.name });
  for (const t of coBefore)
    if (!c.coTeachers.includes(t))
      out.coTeachers.remove.push({ sourcedId: t, name: personName(t), detail: c.name });
}

function changePeriod(
  d: Diffing,
  c: RosterClass,
  was: CurrentPeriod,
  values: PeriodValues,
  out: ClassChanges,
) {
  const fields = [
    ...(was.name !== c.name ? ['name'] : []),
    ...(was.teacherExternalId !== c.teacher ? ['teacher'] : []),
    ...(!sameList(was.coTeachers, c.coTeachers) ? ['coTeachers'] : []),
    ...(was.periodNumber !== c.periodNumber ? ['periodNumber'] : []),
    ...(!sameList(was.sectionNumbers, c.sectionNumbers) ? ['sectionNumbers'] : []),
  ];
  if (!fields.length) return;
  d.plan.updatePeriods.push({ id: was.id, ...values });
  out.periods.change.push({
    sourcedId: c.sourcedId,
    name: c.name,
    detail: d.personName(c.teacher),
    fields,
  });
}

/** A class gone from the files keeps its history: its students are unenrolled (a period without students is not shown). */
function emptyGoneClasses(
  d: Diffing,
  bySource: Map<string, CurrentPeriod>,
  leavingExternal: Set<string>,
  out: ClassChanges,
) {
  const fileClasses = new Set(d.roster.classes.map((c) => c.sourcedId));
  const studentIdOf = (externalId: string) => d.byExternal.get(externalId)?.id;
  for (const p of bySource.values()) {
    if (fileClasses.has(p.sourceId!)) continue;
    const left = p.students.filter((s) => !leavingExternal.has(s) && studentIdOf(s));
    if (p.students.length)
      out.periods.remove.push({
        sourcedId: p.sourceId!,
        name: p.name,
        detail: d.personName(p.teacherExternalId),
      });
    for (const s of left) {
      d.plan.removeEnrollments.push({ periodId: p.id, studentId: studentIdOf(s)! });
      out.enrollments.remove.push({ sourcedId: s, name: d.personName(s), detail: p.name });
    }
  }
}

/** Leavers leave every class (made by an import or by hand). */
function leaversLeaveClasses(d: Diffing, leaving: Set<string>, out: ClassChanges) {
  for (const p of d.current.periods) {
    for (const s of p.students) {
      const id = d.byExternal.get(s)?.id;
      if (id && leaving.has(id)) {
        d.plan.removeEnrollments.push({ periodId: p.id, studentId: id });
        out.enrollments.remove.push({ sourcedId: s, name: d.personName(s), detail: p.name });
      }
    }
  }
}

/**
 * The diff: `diffRoster` compares the files' roster with the school's current people and periods
 * and gives what an import would add, change and remove, and the writes that do it.
 */

import type { Roster, RosterPerson } from './model.js';
import {
  changeList,
  type CurrentPerson,
  type CurrentRoster,
  type Diffing,
  emptyPlan,
  planSize,
  rolesAfterImport,
  type RosterChange,
  type RosterDiff,
  type RosterPlan,
  sameList,
  sortedRoles,
} from './plan.js';
import { diffClasses } from './diff-classes.js';

/** What importing `roster` would do to the school's `current` people and periods. */
export function diffRoster(roster: Roster, current: CurrentRoster): RosterDiff {
  const d = diffing(roster, current);
  const people = diffPeople(d);
  const { periods, enrollments, coTeachers } = diffClasses(d, people.leaving);
  const guardianLinks = diffGuardianLinks(d);
  const plan = d.plan;
  plan.size = planSize(plan);
  return {
    plan,
    summary: {
      people: {
        add: changeList(people.add),
        change: changeList(people.change),
        remove: changeList(people.remove),
      },
      periods: {
        add: changeList(periods.add),
        change: changeList(periods.change),
        remove: changeList(periods.remove),
      },
      enrollments: { add: changeList(enrollments.add), remove: changeList(enrollments.remove) },
      coTeachers: { add: changeList(coTeachers.add), remove: changeList(coTeachers.remove) },
      guardianLinks: {
        add: changeList(guardianLinks.add),
        remove: changeList(guardianLinks.remove),
      },
    },
  };
}

function diffing(roster: Roster, current: CurrentRoster): Diffing {
  const names = new Map<string, string>();
  for (const p of current.people) names.set(p.externalId, `${p.lastName}, ${p.firstName}`);
  for (const p of roster.people) names.set(p.sourcedId, `${p.lastName}, ${p.firstName}`);
  return {
    roster,
    current,
    plan: emptyPlan(),
    byExternal: new Map(current.people.map((p) => [p.externalId, p])),
    personName: (sid) => names.get(sid) ?? sid,
  };
}

/** People to add, to change (or who come back), and the managed ones the files no longer name. */
function diffPeople(d: Diffing) {
  const people = {
    add: [] as RosterChange[],
    change: [] as RosterChange[],
    remove: [] as RosterChange[],
  };
  for (const p of d.roster.people) {
    const was = d.byExternal.get(p.sourcedId);
    if (!was) addPerson(d.plan, p, people.add);
    else changePerson(d.plan, p, was, people.change);
  }
  const fileIds = new Set(d.roster.people.map((p) => p.sourcedId));
  const leaving = new Set<string>();
  for (const was of d.current.people) {
    if (!was.managed || was.left || fileIds.has(was.externalId)) continue;
    leaving.add(was.id);
    d.plan.leave.push({ id: was.id, externalId: was.externalId });
    people.remove.push({
      sourcedId: was.externalId,
      name: `${was.lastName}, ${was.firstName}`,
      detail: sortedRoles(was.roles).join(', '),
    });
  }
  return { ...people, leaving };
}

function addPerson(plan: RosterPlan, p: RosterPerson, added: RosterChange[]) {
  plan.insertPeople.push({
    sourcedId: p.sourcedId,
    firstName: p.firstName,
    lastName: p.lastName,
    email: p.email,
    gradeLevel: p.gradeLevel,
    roles: [p.role],
  });
  added.push({ sourcedId: p.sourcedId, name: `${p.lastName}, ${p.firstName}`, detail: p.role });
}

function changePerson(
  plan: RosterPlan,
  p: RosterPerson,
  was: CurrentPerson,
  changed: RosterChange[],
) {
  const roles = rolesAfterImport(was.roles, p.role);
  const fields = [
    ...(was.firstName !== p.firstName ? ['firstName'] : []),
    ...(was.lastName !== p.lastName ? ['lastName'] : []),
    ...(was.email !== p.email ? ['email'] : []),
    ...(was.gradeLevel !== p.gradeLevel ? ['gradeLevel'] : []),
    ...(!sameList(sortedRoles(was.roles), roles) ? ['roles'] : []),
  ];
  if (fields.length)
    plan.updatePeople.push({
      id: was.id,
      firstName: p.firstName,
      lastName: p.lastName,
      email: p.email,
      roles,
      gradeLevel: p.gradeLevel,
    });
  if (!was.managed || was.left) plan.manage.push(was.id);
  if (was.left) fields.push('returns');
  if (fields.length)
    changed.push({
      sourcedId: p.sourcedId,
      name: `${p.lastName}, ${p.firstName}`,
      detail: p.role,
      fields,
    });
}

/** Guardians' links: the file's, less those there already; a managed guardian's others end. */
function diffGuardianLinks({ roster, current, plan, byExternal, personName }: Diffing) {
  const guardianLinks = { add: [] as RosterChange[], remove: [] as RosterChange[] };
  const linkKey = (l: { guardian: string; student: string }) => `${l.guardian} ${l.student}`;
  const linksBefore = new Set((current.guardianLinks ?? []).map(linkKey));
  const linksAfter = new Set(roster.guardianLinks.map(linkKey));
  for (const l of roster.guardianLinks) {
    if (linksBefore.has(linkKey(l))) continue;
    plan.addGuardianLinks.push(l);
    guardianLinks.add.push({
      sourcedId: l.guardian,
      name: personName(l.guardian),
      detail: personName(l.student),
    });
  }
  for (const l of current.guardianLinks ?? []) {
    const g = byExternal.get(l.guardian);
    const st = byExternal.get(l.student);
    if (!g || !st || !g.managed || linksAfter.has(linkKey(l))) continue;
    plan.removeGuardianLinks.push({ guardianId: g.id, studentId: st.id });
    guardianLinks.remove.push({
      sourcedId: l.guardian,
      name: personName(l.guardian),
      detail: personName(l.student),
    });
  }
  return guardianLinks;
}

import { useQueries, useQuery } from '@tanstack/react-query';
import { scopeFor, type RosterStudent, type SessionUser } from '@app/domain';
import { api, queryKeys, unwrap } from '../../api';
import { usePeriods } from '../../session';

export interface StudentChoices {
  /** Whose balances the user may read (the permission table's students:read). */
  scope: 'own' | 'periods' | 'school' | 'none';
  students: RosterStudent[];
  isPending: boolean;
  error: Error | null;
}

/** The students a staff member may look at: the school's, or a teacher's periods' students. */
export function useStudentChoices(user: SessionUser): StudentChoices {
  const scope = scopeFor(user, 'students:read');
  const whole = useQuery({
    queryKey: queryKeys.schoolStudents,
    queryFn: () => unwrap(api.school.students()),
    enabled: scope === 'school',
  });
  const mine = usePeriods();
  const rosters = useQueries({
    queries: (scope === 'periods' ? (mine.data ?? []) : []).map((p) => ({
      queryKey: queryKeys.period.one(p._id),
      queryFn: () => unwrap(api.periods.get({ params: { id: p._id } })),
    })),
  });
  if (scope === 'school')
    return { scope, students: whole.data ?? [], isPending: whole.isPending, error: whole.error };
  if (scope === 'periods') {
    const byId = new Map<string, RosterStudent>();
    for (const r of rosters) for (const s of r.data?.students ?? []) byId.set(s._id, s);
    const students = [...byId.values()].sort(
      (a, b) => a.lastName.localeCompare(b.lastName) || a.firstName.localeCompare(b.firstName),
    );
    return {
      scope,
      students,
      isPending: mine.isPending || rosters.some((r) => r.isPending),
      error: mine.error ?? rosters.find((r) => r.error)?.error ?? null,
    };
  }
  return { scope: scope === 'own' ? 'own' : 'none', students: [], isPending: false, error: null };
}

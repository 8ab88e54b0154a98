import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { allows } from '@app/domain';
import { api, queryKeys, unwrap, type ClassStudentStats } from '../../api';
import { useUser } from '../../session';
import { pbisOfSchool, unrecognizedOnRoster } from './coaching';

/**
 * The signed-in giver's ratio over the school's window and which students of this roster nobody
 * has recognised (GET coaching/me, issue 34). Someone who may not give gets nothing: no line, no
 * marks.
 */
export function useClassCoaching(students: readonly ClassStudentStats[]) {
  const { query, window, recognitionDays } = useCoachingAnswer();
  const roster = useMemo(
    () => unrecognizedOnRoster(query.data?.unrecognized ?? [], students),
    [query.data, students],
  );
  // One object while nothing changed: the coaching line is memoized on it.
  return useMemo(
    () => ({ answer: query.data ?? null, window, recognitionDays, ...roster }),
    [query.data, window, recognitionDays, roster],
  );
}

/**
 * The read behind the line. The class page starts it with the class's own read, not after the
 * roster (one round trip fewer on a phone), and shows the roster once it has answered, so the line
 * does not push the roster down when it arrives (CLS, issue 35).
 */
export function useCoachingAnswer() {
  const user = useUser();
  const { window, recognitionDays } = pbisOfSchool(user?.school ?? {});
  const query = useQuery({
    queryKey: queryKeys.coaching.me(window),
    queryFn: () => unwrap(api.coaching.me({ query: { range: window } })),
    enabled: user !== null && allows(user, 'activity:give'),
    // A failed read leaves the roster as it was: the line is a help, not the page.
    retry: false,
  });
  // A disabled query stays pending with nothing to wait for.
  const waiting = query.isPending && query.fetchStatus !== 'idle';
  return { query, waiting, window, recognitionDays };
}

export type ClassCoaching = ReturnType<typeof useClassCoaching>;

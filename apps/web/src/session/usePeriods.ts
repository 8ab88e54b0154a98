import { hasRole } from '@app/domain';
import { useQuery } from '@tanstack/react-query';
import { periods, queryKeys, unwrap } from '../api';
import { useUser } from './SessionContext';

/** Non-students load the period list once signed in; students load balance stats instead (later). */
export function usePeriods() {
  const user = useUser();
  const enabled = Boolean(user) && !hasRole(user?.roles ?? [], 'STUDENT');
  return useQuery({
    queryKey: queryKeys.periods.mine(user?._id),
    queryFn: () => unwrap(periods.list()),
    enabled,
  });
}

import { allows } from '@app/domain';
import { useQuery } from '@tanstack/react-query';
import { api, queryKeys, unwrap } from '../api';
import { useUser } from './SessionContext';

/** Whoever may list periods (`periods:list`) loads them once signed in. */
export function usePeriods() {
  const user = useUser();
  const enabled = user !== null && allows(user, 'periods:list');
  return useQuery({
    queryKey: queryKeys.periods.mine(user?._id),
    queryFn: () => unwrap(api.periods.list()),
    enabled,
  });
}

import { useQuery } from '@tanstack/react-query';
import { queryKeys, system, unwrap } from '../api';

/** Whether the server runs in development mode (GET status exposes it); only asked where needed. */
export function useDevMode(enabled = true) {
  const q = useQuery({
    queryKey: queryKeys.status.all,
    queryFn: () => unwrap(system.status()),
    enabled,
    staleTime: 60_000,
  });
  return { devMode: q.data?.devMode === true, isPending: enabled && q.isPending };
}

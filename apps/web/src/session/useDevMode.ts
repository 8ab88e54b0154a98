import { useQuery } from '@tanstack/react-query';
import { api, queryKeys, unwrap } from '../api';

/** GET status as the app reads it: one cached query for development mode and the demo banner. */
const useStatus = (enabled: boolean) =>
  useQuery({
    queryKey: queryKeys.status.all,
    queryFn: () => unwrap(api.status.get()),
    enabled,
    staleTime: 60_000,
  });

/** Whether the server runs in development mode (GET status exposes it); only asked where needed. */
export function useDevMode(enabled = true) {
  const q = useStatus(enabled);
  return { devMode: q.data?.devMode === true, isPending: enabled && q.isPending };
}

/** Whether the demo's published sign-ins still work (docs/decisions/081-demo-banner.md): every screen says so. */
export const useDemo = (): boolean => useStatus(true).data?.demo === true;

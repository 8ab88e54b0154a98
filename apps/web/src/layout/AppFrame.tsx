import type { ReactNode } from 'react';
import { FullPageLoader } from '../components/FullPageLoader';
import { useOfflineQueues } from '../offline/useOfflineQueues';
import { useSession } from '../session';
import { AppLayout } from './AppLayout';
import { PublicLayout } from './PublicLayout';

/**
 * Signed-in users get the app frame on every page, visitors the public one. While the session
 * loads only the spinner shows, so neither frame flashes and no page mounts twice.
 */
export function AppFrame({ children }: { children: ReactNode }) {
  const { state } = useSession();
  useOfflineQueues(state.status === 'authenticated' ? state.user : null);
  if (state.status === 'loading') return <FullPageLoader />;
  if (state.status === 'authenticated') return <AppLayout user={state.user}>{children}</AppLayout>;
  return <PublicLayout>{children}</PublicLayout>;
}

import type { ReactNode } from 'react';
import { useSession } from '../session';
import { AppLayout } from './AppLayout';
import { PublicLayout } from './PublicLayout';

/** Signed-in users get the app frame on every page, visitors the public one. */
export function AppFrame({ children }: { children: ReactNode }) {
  const { state } = useSession();
  if (state.status === 'authenticated') return <AppLayout user={state.user}>{children}</AppLayout>;
  return <PublicLayout>{children}</PublicLayout>;
}

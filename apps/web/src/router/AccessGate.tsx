import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { isPathAllowed, matchRoute } from '@app/domain';
import { FullPageLoader } from '../components/FullPageLoader';
import { useDevMode, useSession } from '../session';
import { NotFoundPage } from '../routes/not-found/NotFoundPage';

/** Access rules of spec section 2; the server still guards every call. */
export function AccessGate({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const { state } = useSession();
  const route = matchRoute(pathname);
  const isDev = route?.path === '/dev';
  const dev = useDevMode(isDev);

  if (!route) return <NotFoundPage />;
  if (state.status === 'loading') return <FullPageLoader />;
  if (route.public) return <>{children}</>;
  if (state.status !== 'authenticated') return <Navigate to="/login" replace />;
  if (isDev && dev.isPending) return <FullPageLoader />;
  if (!isPathAllowed(state.user.roles, pathname, { devMode: dev.devMode })) return <Navigate to="/" replace />;
  return <>{children}</>;
}

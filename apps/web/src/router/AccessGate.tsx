import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { FullPageLoader } from '../components/FullPageLoader';
import { useDevMode, useSession } from '../session';
import { NotFoundPage } from '../routes/not-found/NotFoundPage';
import { decideAccess } from './decideAccess';

export function AccessGate({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const { state } = useSession();
  // GET status is asked only when the path is /dev.
  const dev = useDevMode(pathname.replace(/\/+$/, '') === '/dev');
  const decision = decideAccess({
    pathname,
    session: state.status === 'authenticated' ? { status: state.status, user: state.user } : state,
    devMode: dev.isPending ? undefined : dev.devMode,
  });
  switch (decision) {
    case 'not-found':
      return <NotFoundPage />;
    case 'loading':
      return <FullPageLoader />;
    case 'to-login':
      return <Navigate to="/login" replace />;
    case 'to-home':
      return <Navigate to="/" replace />;
    case 'render':
      return <>{children}</>;
  }
}

import { Suspense } from 'react';
import { createBrowserRouter, Outlet } from 'react-router';
import { ROUTES } from '@app/domain';
import { FullPageLoader } from '../components/FullPageLoader';
import { AppFrame } from '../layout/AppFrame';
import { useReleaseCheck } from '../release/useReleaseCheck';
import { SessionProvider } from '../session';
import { AccessGate } from './AccessGate';
import { PAGES, preloadPage } from './pages';
import { RouteErrorPage } from './RouteErrorPage';
import { useDocumentTitle } from './useDocumentTitle';

function Root() {
  useDocumentTitle();
  useReleaseCheck();
  return (
    <SessionProvider>
      <AppFrame>
        <AccessGate>
          <Suspense fallback={<FullPageLoader />}>
            <Outlet />
          </Suspense>
        </AccessGate>
      </AppFrame>
    </SessionProvider>
  );
}

// The first page's chunk loads beside the session check instead of after it (student home LCP).
preloadPage(globalThis.location.pathname);

export const router = createBrowserRouter([
  {
    element: <Root />,
    errorElement: <RouteErrorPage />,
    children: [
      ...ROUTES.map(({ path }) => {
        const Page = PAGES[path];
        return { path, element: <Page /> };
      }),
      // Unknown paths: AccessGate renders the not-found page for anything matchRoute misses.
      { path: '*', element: null },
    ],
  },
]);

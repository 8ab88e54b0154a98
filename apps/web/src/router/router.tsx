import { Suspense } from 'react';
import { BrowserRouter, Outlet, Route, Routes } from 'react-router';
import { ROUTES } from '@app/domain';
import { FullPageLoader } from '../components/FullPageLoader';
import { AppFrame } from '../layout/AppFrame';
import { useReleaseCheck } from '../release/useReleaseCheck';
import { SessionProvider } from '../session';
import { AccessGate } from './AccessGate';
import { PAGES, preloadPage } from './pages';
import { RoutesErrorBoundary } from './RouteErrorBoundary';
import { useDocumentTitle } from './useDocumentTitle';

function Root() {
  useDocumentTitle();
  useReleaseCheck();
  return (
    <SessionProvider>
      <AppFrame>
        <AccessGate>
          {/* A page that fails keeps the frame: the navigation leads elsewhere. */}
          <RoutesErrorBoundary>
            <Suspense fallback={<FullPageLoader />}>
              <Outlet />
            </Suspense>
          </RoutesErrorBoundary>
        </AccessGate>
      </AppFrame>
    </SessionProvider>
  );
}

// The first page's chunk loads beside the session check instead of after it (student home LCP).
preloadPage(globalThis.location.pathname);

/** Declarative routes: the data router's loaders and actions went unused and cost 17 KB gzip. */
export function AppRouter() {
  return (
    <BrowserRouter>
      {/* The frame's own failures (the page's are caught inside it, in Root). */}
      <RoutesErrorBoundary>
        <Routes>
          <Route element={<Root />}>
            {ROUTES.map(({ path }) => {
              const Page = PAGES[path];
              return <Route key={path} path={path} element={<Page />} />;
            })}
            {/* Unknown paths: AccessGate renders the not-found page for anything matchRoute misses. */}
            <Route path="*" element={null} />
          </Route>
        </Routes>
      </RoutesErrorBoundary>
    </BrowserRouter>
  );
}

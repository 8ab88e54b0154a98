import type { ComponentType } from 'react';
import { matchRoute, type ROUTES } from '@app/domain';
import LandingPage from '../routes/landing/LandingPage';
import { lazyPage, type LazyPage } from './lazyPage';

type RoutePath = (typeof ROUTES)[number]['path'];

const login = lazyPage(() => import('../routes/login/LoginPage'));

/**
 * One page per route of docs/spec.md section 2; the type makes a route without a page a compile error.
 * Every page is its own chunk, loaded when opened, except home: everyone lands there (a student's
 * whole app), it is small (2 KB gzip), and in the first chunk it paints without a second round trip.
 */
export const PAGES: Record<RoutePath, LazyPage | ComponentType> = {
  '/': LandingPage,
  '/login': login,
  '/login/product': login,
  '/login/:provider': lazyPage(() => import('../routes/identity/SsoReturnPage')),
  '/login/:provider/initiate': lazyPage(() => import('../routes/identity/SsoInitiatePage')),
  '/account-setup': lazyPage(() => import('../routes/identity/AccountSetupPage')),
  '/forgot-password': lazyPage(() => import('../routes/identity/ForgotPasswordPage')),
  '/reset-password': lazyPage(() => import('../routes/identity/ResetPasswordPage')),
  '/status': lazyPage(() => import('../routes/status/StatusPage')),
  '/contact': lazyPage(() => import('../routes/contact/ContactPage')),
  '/how-to-earn': lazyPage(() => import('../routes/how-to-earn/HowToEarnPage')),
  '/store': lazyPage(() => import('../routes/store/StorePage')),
  '/store/counter': lazyPage(() => import('../routes/store/counter/CounterPage')),
  '/orders': lazyPage(() => import('../routes/orders/OrdersPage')),
  '/classes': lazyPage(() => import('../routes/classes/ClassesPage')),
  '/class/:internalPeriodId': lazyPage(() => import('../routes/class/ClassPage')),
  '/rosters': lazyPage(() => import('../routes/rosters/RostersPage')),
  '/dashboard': lazyPage(() => import('../routes/dashboard/DashboardPage')),
  '/activity': lazyPage(() => import('../routes/activity/ActivityPage')),
  '/reports': lazyPage(() => import('../routes/reports/ReportsPage')),
  '/profile': lazyPage(() => import('../routes/profile/ProfilePage')),
  '/bonuses-flags': lazyPage(() => import('../routes/bonuses-flags/BonusesFlagsPage')),
  '/scan': lazyPage(() => import('../routes/scan/ScanPage')),
  '/calendar': lazyPage(() => import('../routes/calendar/CalendarPage')),
  '/pay-period-breakdown': lazyPage(
    () => import('../routes/pay-period-breakdown/PayPeriodBreakdownPage'),
  ),
  '/settings': lazyPage(() => import('../routes/settings/SettingsPage')),
  '/dev': lazyPage(() => import('../routes/dev/DevPage')),
  '/setup': lazyPage(() => import('../routes/setup/SetupPage')),
  '/district': lazyPage(() => import('../routes/district/DistrictPage')),
  '/family': lazyPage(() => import('../routes/family/FamilyPage')),
};

/** Starts loading the page of `pathname` (nothing for a path no route matches). */
export function preloadPage(pathname: string): void {
  const route = matchRoute(pathname);
  const page = route ? PAGES[route.path] : undefined;
  if (page && 'preload' in page) page.preload();
}

import type { ComponentType, LazyExoticComponent } from 'react';
import type { ROUTES } from '@app/domain';
import { lazyPage } from './lazyPage';

type RoutePath = (typeof ROUTES)[number]['path'];

const notAvailable = lazyPage(() => import('../routes/not-available/NotAvailablePage'));
const login = lazyPage(() => import('../routes/login/LoginPage'));

/** One page per route of spec section 2; the type makes a route without a page a compile error. */
export const PAGES: Record<RoutePath, LazyExoticComponent<ComponentType>> = {
  '/': lazyPage(() => import('../routes/landing/LandingPage')),
  '/login': login,
  '/login/product': login,
  '/login/:provider': notAvailable,
  '/login/:provider/initiate': notAvailable,
  '/account-setup': notAvailable,
  '/forgot-password': notAvailable,
  '/reset-password': notAvailable,
  '/status': lazyPage(() => import('../routes/status/StatusPage')),
  '/contact': lazyPage(() => import('../routes/contact/ContactPage')),
  '/how-to-earn': lazyPage(() => import('../routes/how-to-earn/HowToEarnPage')),
  '/store': notAvailable,
  '/orders': notAvailable,
  '/classes': lazyPage(() => import('../routes/classes/ClassesPage')),
  '/class/:internalPeriodId': lazyPage(() => import('../routes/class/ClassPage')),
  '/rosters': lazyPage(() => import('../routes/rosters/RostersPage')),
  '/dashboard': notAvailable,
  '/activity': lazyPage(() => import('../routes/activity/ActivityPage')),
  '/reports': notAvailable,
  '/profile': lazyPage(() => import('../routes/profile/ProfilePage')),
  '/bonuses-flags': lazyPage(() => import('../routes/bonuses-flags/BonusesFlagsPage')),
  '/calendar': lazyPage(() => import('../routes/calendar/CalendarPage')),
  '/pay-period-breakdown': notAvailable,
  '/settings': notAvailable,
  '/dev': lazyPage(() => import('../routes/dev/DevPage')),
};

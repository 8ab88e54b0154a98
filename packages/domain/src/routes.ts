import type { MessageKey } from './i18n/en/index.js';
import { PAGE_WORDS } from './page-words.js';
import { allows, reaches, type Action, type PermissionSubject, type Scope } from './policy.js';

/** Every route of docs/spec.md section 2, with its title and whether it is public. */
export const ROUTES = [
  { path: '/', title: 'Home', public: true },
  { path: '/login', title: 'Login', public: true },
  { path: '/login/product', title: 'Login', public: true },
  { path: '/login/:provider', title: 'Signing in', public: true },
  { path: '/login/:provider/initiate', title: 'Signing in', public: true },
  { path: '/account-setup', title: 'Account Setup', public: true },
  { path: '/forgot-password', title: 'Forgot Password', public: true },
  { path: '/reset-password', title: 'Reset Password', public: true },
  { path: '/status', title: 'Status', public: true },
  { path: '/contact', title: 'Contact Us', public: true },
  { path: '/how-to-earn', title: 'How To Earn', public: false },
  { path: '/store', title: 'Store', public: false },
  { path: '/store/counter', title: 'Store Counter', public: false },
  { path: '/orders', title: 'Orders', public: false },
  { path: '/classes', title: 'Classes', public: false },
  { path: '/class/:internalPeriodId', title: 'Class', public: false },
  { path: '/rosters', title: 'Rosters', public: false },
  { path: '/dashboard', title: 'Dashboard', public: false },
  { path: '/activity', title: 'My Activity', public: false },
  { path: '/reports', title: 'Reports', public: false },
  { path: '/profile', title: 'Profile', public: false },
  { path: '/bonuses-flags', title: 'Bonuses & Flags', public: false },
  { path: '/scan', title: 'Scan', public: false },
  { path: '/calendar', title: 'Calendar', public: false },
  { path: '/pay-period-breakdown', title: 'Pay Period Breakdown', public: false },
  { path: '/settings', title: 'Settings', public: false },
  { path: '/dev', title: 'Developer', public: false },
  { path: '/setup', title: 'Set Up', public: true },
  { path: '/district', title: 'District', public: false },
  { path: '/family', title: 'Family', public: false },
] as const;

export const PRODUCT_NAME = 'Merit Market';
export const CURRENCY_NAME = 'Merits';

/** One thing a page needs: an action of the permission table, or an action at least at a scope. */
export type PageNeed = Action | readonly [Action, Exclude<Scope, 'none'>];

/**
 * What a signed-in user needs to open each page behind sign-in (base path, first segment): any one
 * of its needs. Who has them is the permission table's answer (policy.ts), never a list of roles.
 */
export const PAGE_NEEDS: Readonly<Record<string, readonly PageNeed[]>> = {
  '/how-to-earn': ['activityOptions:read'],
  '/profile': ['session:use'],
  '/calendar': ['calendar:read'],
  '/store': ['store:browse'],
  /**
   * The store counter (issue 35): a page of its own under /store, for whoever serves at the counter
   * (a CASHIER too, who browses no store).
   */
  '/store/counter': ['counter:use'],
  /** It reads the school's calendar, which a guardian has no use for (docs/decisions/115-guardians.md). */
  '/pay-period-breakdown': ['calendar:read'],
  /** My Orders, a teacher's store's orders, the fulfilment queue: not an admin's page (docs/spec.md section 2). */
  '/orders': ['orders:open'],
  /** A teacher's screens of their own periods. */
  '/classes': ['periodMeta:read'],
  '/class': ['periodMeta:read'],
  '/rosters': ['periodMeta:read'],
  '/dashboard': ['points:readOwn'],
  '/activity': ['points:readOwn'],
  /** Gives to a class or group of any class of the school (docs/decisions/020-one-permission-table.md). */
  '/bonuses-flags': [['class:view', 'school']],
  /** Gives by badge, a camera or a typed code, online or not (issue 35). */
  '/scan': ['activity:give'],
  '/reports': ['reports:open'],
  '/settings': ['settings:read'],
  '/dev': ['dev:use'],
  /** The district console (docs/decisions/074-districts-and-their-owners.md). */
  '/district': ['district:read'],
  /** A guardian's children (docs/decisions/115-guardians.md). */
  '/family': ['children:read'],
};

/** Public pages a signed-in user opens too (the others send them on). */
const SIGNED_IN_PUBLIC = ['/', '/login', '/status', '/contact'];

const meets = (s: PermissionSubject, need: PageNeed): boolean =>
  typeof need === 'string' ? allows(s, need) : reaches(s, need[0], need[1]);

/** Paths that are open whether or not the visitor is signed in. */
export const PUBLIC_PATHS = [
  '/',
  '/login',
  '/account-setup',
  '/forgot-password',
  '/reset-password',
  '/status',
  '/contact',
  '/setup',
];

/** Pages on which a 401 does not send the user to /login. */
export const NO_REDIRECT_ON_401 = [
  '/login/product',
  '/login',
  '/forgot-password',
  '/reset-password',
  '/contact',
  '/status',
  '/setup',
];

/** "/class/12" → "/class"; "/login/product" → "/login". */
export function basePath(pathname: string): string {
  const first = pathname.split('/').filter(Boolean)[0];
  return first ? `/${first}` : '/';
}

export function isPublicPath(pathname: string): boolean {
  return PUBLIC_PATHS.includes(basePath(pathname));
}

/**
 * The PAGE_NEEDS entry of a path: its first two segments where they have an entry of their own
 * ("/store/counter"), else its base path ("/store/12" → "/store").
 */
export function pageOf(pathname: string): string {
  const [first, second] = pathname.split('/').filter(Boolean);
  const two = first && second ? `/${first}/${second}` : null;
  return two && two in PAGE_NEEDS ? two : basePath(pathname);
}

/** Whether the signed-in user may open the base path: public pages always, /dev in dev mode only. */
function mayOpen(s: PermissionSubject, base: string, devMode: boolean): boolean {
  if (base === '/dev' && !devMode) return false;
  if (PUBLIC_PATHS.includes(base)) return true;
  return (PAGE_NEEDS[base] ?? []).some((need) => meets(s, need));
}

/**
 * The base paths the signed-in user may open, besides the sign-in pages they have no use for
 * (and the pages below a base path with needs of their own, such as /store/counter).
 */
export function allowedBasePaths(s: PermissionSubject, opts: { devMode?: boolean } = {}): string[] {
  return [...SIGNED_IN_PUBLIC, ...Object.keys(PAGE_NEEDS)].filter((base) =>
    mayOpen(s, base, opts.devMode === true),
  );
}

/** Whether the signed-in user may open the path (public pages always). */
export function isPathAllowed(
  s: PermissionSubject,
  pathname: string,
  opts: { devMode?: boolean } = {},
): boolean {
  return mayOpen(s, pageOf(pathname), opts.devMode === true);
}

/** Matches a pathname against the route list; undefined means not found. */
export function matchRoute(pathname: string): (typeof ROUTES)[number] | undefined {
  const parts = pathname.split('/').filter(Boolean);
  return ROUTES.find((r) => {
    const rp = r.path.split('/').filter(Boolean);
    return (
      rp.length === parts.length && rp.every((seg, i) => seg.startsWith(':') || seg === parts[i])
    );
  });
}

/** The page's title as a catalogue key (PAGE_WORDS), or null for home and unknown paths (the product's name alone). */
export const pageTitleKey = (pathname: string): MessageKey | null => {
  const r = matchRoute(pathname);
  return r && r.path !== '/' ? PAGE_WORDS[r.title] : null;
};

export const pageTitle = (pathname: string): string => {
  const r = matchRoute(pathname);
  return r && r.path !== '/' ? `${r.title} | ${PRODUCT_NAME}` : PRODUCT_NAME;
};

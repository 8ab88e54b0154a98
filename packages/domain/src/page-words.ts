import type { MessageKey } from './i18n/en/index.js';

/**
 * The catalogue key of every page title, side-navigation link and account-menu entry, by its
 * English text: the functions keep answering English (the server's words, the tests), the screens
 * translate by this map (docs/decisions/110-domain-words-as-keys.md).
 */
export const PAGE_WORDS = {
  Home: 'layout.pageHome',
  Login: 'layout.pageLogin',
  'Signing in': 'layout.pageSigningIn',
  'Account Setup': 'layout.pageAccountSetup',
  'Forgot Password': 'layout.pageForgotPassword',
  'Reset Password': 'layout.pageResetPassword',
  Status: 'layout.pageStatus',
  'Contact Us': 'layout.pageContact',
  'How To Earn': 'layout.pageHowToEarn',
  Store: 'layout.pageStore',
  'My Store': 'layout.pageMyStore',
  'Store Counter': 'layout.pageStoreCounter',
  Orders: 'layout.pageOrders',
  'My Orders': 'layout.pageMyOrders',
  Classes: 'layout.pageClasses',
  Class: 'layout.pageClass',
  Rosters: 'layout.pageRosters',
  Dashboard: 'layout.pageDashboard',
  'My Activity': 'layout.pageMyActivity',
  Reports: 'layout.pageReports',
  Profile: 'layout.pageProfile',
  'Bonuses & Flags': 'layout.pageBonusesFlags',
  Scan: 'layout.pageScan',
  Calendar: 'layout.pageCalendar',
  'Pay Period Breakdown': 'layout.pagePayPeriodBreakdown',
  Settings: 'layout.pageSettings',
  Developer: 'layout.pageDeveloper',
  'Set Up': 'layout.pageSetUp',
  District: 'layout.pageDistrict',
  Family: 'layout.pageFamily',
  'Admin Toolbox': 'layout.menuAdminToolbox',
  'Teacher Toolbox': 'layout.menuTeacherToolbox',
  Toolbox: 'layout.menuToolbox',
  'Terms and Policies': 'layout.menuTerms',
  Logout: 'layout.menuLogout',
} as const satisfies Record<string, MessageKey>;

export type PageWord = keyof typeof PAGE_WORDS;

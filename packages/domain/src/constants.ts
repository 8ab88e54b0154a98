export const ACTIVITY_CATEGORIES = [
  'Flags',
  'Bonuses',
  'Academic Pay Day',
  'Daily Behavior',
  'Daily Attendance',
] as const;
/** A balance capped or reset when the next school year opens: booked by the opening, never given (docs/decisions/086-year-end-balances.md). */
export const YEAR_END_CATEGORY = 'Year End';
/** Every category a ledger entry may carry: the givable ones and the year end's. */
export const ENTRY_CATEGORIES = [...ACTIVITY_CATEGORIES, YEAR_END_CATEGORY] as const;
export type EntryCategory = (typeof ENTRY_CATEGORIES)[number];
export type ActivityCategory = (typeof ACTIVITY_CATEGORIES)[number];

export const TEACHER_CUSTOM_ACTION = 'TEACHER_CUSTOM_ACTION';
export const MAX_CUSTOM_PER_KIND = 5;
export const MAX_COMMENT_LENGTH = 150;
export const MAX_ITEM_NAME_LENGTH = 32;
export const MAX_ORDER_ITEMS = 10;

export const ORDER_STATUSES = ['PENDING', 'PACKAGED', 'REDEEMED', 'REFUNDED', 'CANCELED'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
/**
 * Order list filters (docs/spec.md section 4): ALL, each status, ACTIVE = all but CANCELED, and
 * OPEN = still to be handed over, pending or packaged (the fulfilment queue's default,
 * docs/decisions/105-fulfilment-queue-and-redeem.md).
 */
export const ORDER_STATUS_FILTERS = ['ALL', 'ACTIVE', 'OPEN', ...ORDER_STATUSES] as const;
export type OrderStatusFilter = (typeof ORDER_STATUS_FILTERS)[number];
/** The statuses the ACTIVE filter shows: all but CANCELED. */
export const ACTIVE_ORDER_STATUSES: readonly OrderStatus[] = [
  'PENDING',
  'PACKAGED',
  'REDEEMED',
  'REFUNDED',
];
/** Orders whose points are spent (docs/spec.md section 10.1): CANCELED and REFUNDED gave them back. */
export const SPENDING_ORDER_STATUSES: readonly OrderStatus[] = ['PENDING', 'PACKAGED', 'REDEEMED'];
/** Orders still to be handed over: placed or packaged, not yet redeemed. */
export const OPEN_ORDER_STATUSES: readonly OrderStatus[] = ['PENDING', 'PACKAGED'];
export const ORDER_ACTIONS = ['CANCEL', 'PACKAGE', 'REDEEM', 'REFUND'] as const;
export type OrderAction = (typeof ORDER_ACTIONS)[number];

export const STORE_ITEM_CATEGORIES = ['Items', 'Privileges', 'Events'] as const;
export type StoreItemCategory = (typeof STORE_ITEM_CATEGORIES)[number];
export const STORE_TYPES = ['School', 'Teacher', 'fonts', 'icons'] as const;
export type StoreType = (typeof STORE_TYPES)[number];
/** The two product stores (fonts and icons are fixed catalogues, not products). */
export const PRODUCT_STORES = ['School', 'Teacher'] as const;
export type ProductStore = (typeof PRODUCT_STORES)[number];
export const STORE_MODELS = ['Pickup', 'Delivery'] as const;
export type StoreModel = (typeof STORE_MODELS)[number];
/** Products of one store a caller may put in a cart at once, and the most of one product. */
export const MAX_CART_LINES = 50;
export const MAX_LINE_QUANTITY = 10;
export const MAX_PRODUCT_PRICE = 1_000_000;
export const MAX_PRODUCT_STOCK = 1_000_000;
export const MAX_DESCRIPTION_LENGTH = 500;

/*
 * Product pictures (docs/decisions/061-product-pictures.md). A kept picture is a WebP of at most 800 px a
 * side, usually 20-150 KB: a school may keep 2,000 of them and 200 MB in all, used or not (pictures
 * no product uses are removed a day after their upload). A picture sent may have at most 50 million
 * pixels (about 7,000 × 7,000) before it is shrunk.
 */
export const MAX_SCHOOL_PICTURES = 2_000;
export const MAX_SCHOOL_PICTURE_BYTES = 200 * 1024 * 1024;
export const MAX_PICTURE_PIXELS = 50_000_000;
/** The largest picture file accepted (PUT uploads/{token}), before it is re-encoded. */
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
/** The path of a kept picture: /uploads/{school}/{picture}.webp. */
export const PICTURE_PATH =
  /^\/uploads\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.webp$/;

/** What one roster upload (POST roster/dry-run or roster/import) may hold in all, zipped or not. */
export const MAX_ROSTER_BYTES = 60 * 1024 * 1024;

export const SURVEY_NAMES = [
  'STUDENT_SATISFACTION_SURVEY',
  'STUDENT_SATISFACTION_SURVEY_V2',
  'STUDENT_SATISFACTION_SURVEY_V3',
  'TEACHER_SATISFACTION_SURVEY',
  'TEACHER_SATISFACTION_SURVEY_V2',
] as const;

export const HOUSES = ['altruismo', 'amistad', 'isibindi', 'reveur'] as const;
export const HOUSE_COLORS: Record<(typeof HOUSES)[number], string> = {
  altruismo: '#d64545',
  amistad: '#2f80ed',
  isibindi: '#27ae60',
  reveur: '#8e44ad',
};

export const DEFAULT_TIME_ZONE = 'America/Los_Angeles';
export const RELEASE_CHECK_INTERVAL_MS = 60 * 60 * 1000;
export const RELEASE_RELOAD_DELAY_MS = 5_000;
export const CHUNK_TIMEOUT_MS = 120_000;
export const ERROR_SAMPLE_RATE = 0.1;

/** Configuration key naming the school codes for which How To Earn is hidden. */
export const CONFIG_HIDE_HOW_TO_EARN = 'hideHowToEarnSchools';

export const FONT_PRICES: Record<string, number> = {
  'Alegreya Sans': 0,
  'DM Sans': 0,
  Nunito: 0,
  Oswald: 0,
  Rubik: 0,
  Comfortaa: 100,
  Saira: 100,
  'Space Mono': 100,
  Urbanist: 100,
  Kalam: 150,
  'Shantell Sans': 150,
  Sofia: 150,
  Anton: 200,
  'Julius Sans One': 200,
  'Playwrite IN': 200,
};

export interface FontOption {
  id: string;
  name: string;
  fontFamily: string;
  price: number;
  image: string;
}

const slug = (s: string) => s.toLowerCase().replace(/\s+/g, '-');

export const FONTS: FontOption[] = Object.entries(FONT_PRICES).map(([name, price]) => ({
  id: slug(name),
  name,
  fontFamily: `'${name}', sans-serif`,
  price,
  image: `${slug(name)}.svg`,
}));

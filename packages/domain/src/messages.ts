import { BASIC_MSG } from './basic-messages.js';
import { server } from './i18n/en/server.js';
import {
  englishOf,
  grouped,
  msg,
  type Message,
  type ServerMessageKey,
  type ValuesOf,
} from './message.js';

/** A message's English text by its key and arguments (message.ts types them). */
const m = <K extends ServerMessageKey>(key: K, ...values: ValuesOf<K>): string =>
  englishOf(msg(key, ...values));

/** Too many roster problems: one problem has its own words. */
export const rosterHasErrorsMessage = (count: number): Message =>
  count === 1 ? msg('msg.rosterHasOneError') : msg('msg.rosterHasErrors', { count });

/** A picture over the pixel limit, with the limit in millions and a square that fits. */
export const pictureTooManyPixelsMessage = (
  width: number,
  height: number,
  maxPixels: number,
): Message =>
  msg('msg.pictureTooManyPixels', {
    width,
    height,
    millions: maxPixels / 1_000_000,
    side: Math.floor(Math.sqrt(maxPixels) / 100) * 100,
  });

/** The school's picture quota: the count grouped as the language groups it. */
export const pictureQuotaMessage = (pictures: number, megabytes: number): Message =>
  msg('msg.pictureQuota', { pictures: grouped(pictures), megabytes });

/**
 * Every message of docs/spec.md section 8 as its English text, one place for tests, logs and the
 * web's checks, written from the catalogue (i18n/en/server.ts). The server throws the message
 * itself (`msg(key, values)`, message.ts) and answers it in the request's language.
 */
export const MSG = {
  ...BASIC_MSG,
  forbidden: server['msg.forbidden'],
  notFound: server['msg.notFound'],
  invalidLogin: server['msg.invalidLogin'],
  notRegistered: server['msg.notRegistered'],
  idpTokenError: server['msg.idpTokenError'],
  idpMismatch: server['msg.idpMismatch'],
  keepWorking: (need: number) => m('msg.keepWorking', { need }),
  needMore: (need: number) => m('msg.needMore', { need }),
  cancelPassed: server['msg.cancelPassed'],
  givingStartsOn: (date: string) => m('msg.givingStartsOn', { date }),
  outOfStock: (name: string) => m('msg.outOfStock', { name }),
  storeClosed: (date: string) => m('msg.storeClosed', { date }),
  nameTooLong: server['msg.nameTooLong'],
  schoolOnHoliday: server['msg.schoolOnHoliday'],
  notOnHolidays: server['msg.notOnHolidays'],
  notOnWeekends: server['msg.notOnWeekends'],
  requestedQuantity: (name: string, available: number) =>
    m('msg.requestedQuantity', { name, available }),
  commentTooLong: server['msg.commentTooLong'],
  selectStudent: server['msg.selectStudent'],
  orderItemsLimit: server['msg.orderItemsLimit'],
  maxCustomFlags: server['msg.maxCustomFlags'],
  maxCustomBonuses: server['msg.maxCustomBonuses'],
  activitiesMin: server['msg.activitiesMin'],
  balanceNegative: server['msg.balanceNegative'],
  schoolYearEnded: server['msg.schoolYearEnded'],
  orderCanceled: server['msg.orderCanceled'],
  duplicateItemName: server['msg.duplicateItemName'],
  /* The store's own messages where the spec gives none (docs/spec.md section 10, docs/decisions/028-orders.md). */
  storeClosedNoDate: server['msg.storeClosedNoDate'],
  requestedOverLimit: (name: string, limit: number, left: number) =>
    m('msg.requestedOverLimit', { name, limit, left }),
  productUnavailable: (name: string) => m('msg.productUnavailable', { name }),
  orderRefunded: server['msg.orderRefunded'],
  orderRedeemed: server['msg.orderRedeemed'],
  orderPackaged: server['msg.orderPackaged'],
  packageBeforeRedeem: server['msg.packageBeforeRedeem'],
  refundRedeemedOnly: server['msg.refundRedeemedOnly'],
  /*
   * Sign-in (docs/decisions/048-sso.md, docs/decisions/049-school-tokens.md,
   * docs/decisions/050-invitations-and-account-setup.md, docs/decisions/051-forgot-and-reset-password.md,
   * docs/decisions/052-sign-in-settings-permission.md, docs/decisions/060-sso-issuer-public-internet.md).
   */
  ssoStateInvalid: server['msg.ssoStateInvalid'],
  ssoNotConfigured: server['msg.ssoNotConfigured'],
  ssoIssuerHttps: server['msg.ssoIssuerHttps'],
  ssoIssuerNotPublic: server['msg.ssoIssuerNotPublic'],
  secretsKeyMissing: server['msg.secretsKeyMissing'],
  /** A name with a line break, tab or invisible character (names.ts `hasHiddenCharacters`). */
  hiddenCharacters: (field: string) => m('msg.hiddenCharacters', { field }),
  linkInvalid: server['msg.linkInvalid'],
  usernameTaken: server['msg.usernameTaken'],
  usernameNeeded: server['msg.usernameNeeded'],
  cancelRedeemed: server['msg.cancelRedeemed'],
  /* Acting on a person (docs/decisions/125-acting-on-a-person.md). */
  personAbove: server['msg.personAbove'],
  roleAbove: server['msg.roleAbove'],
  roleNotEdited: server['msg.roleNotEdited'],
  ownAdminRole: server['msg.ownAdminRole'],
  eraseStudentsOnly: server['msg.eraseStudentsOnly'],
  /* Sign-in cards and passwords set by staff (docs/decisions/133-sign-in-cards.md). */
  signInForStudentsOnly: server['msg.signInForStudentsOnly'],
  studentLeftSchool: server['msg.studentLeftSchool'],
  /* The school year's dates and choices (docs/decisions/085-opening-the-next-school-year.md). */
  yearFirstDayDate: server['msg.yearFirstDayDate'],
  yearLastDayDate: server['msg.yearLastDayDate'],
  yearGivingDate: server['msg.yearGivingDate'],
  yearLastAfterFirst: server['msg.yearLastAfterFirst'],
  yearTooLong: server['msg.yearTooLong'],
  yearGivingWithin: server['msg.yearGivingWithin'],
  /** `date` as longDate writes it ("June 30, 2027"). */
  yearStartsAfter: (label: string, date: string) => m('msg.yearStartsAfter', { label, date }),
  yearOverlap: (label: string) => m('msg.yearOverlap', { label }),
  yearOpensAfterEnd: (date: string) => m('msg.yearOpensAfterEnd', { date }),
  yearBalancePolicy: server['msg.yearBalancePolicy'],
  yearCap: server['msg.yearCap'],
  yearOrdersPolicy: server['msg.yearOrdersPolicy'],
  /*
   * The roster import's (docs/decisions/053-oneroster-files.md, docs/decisions/054-roster-import-job.md,
   * docs/decisions/055-roster-leavers.md).
   */
  rosterNotMultipart: server['msg.rosterNotMultipart'],
  rosterNoFiles: server['msg.rosterNoFiles'],
  rosterTooLarge: (mb: number) => m('msg.rosterTooLarge', { mb }),
  rosterBadZip: server['msg.rosterBadZip'],
  rosterBadCsv: (file: string, line: number, reason: string) =>
    m('msg.rosterBadCsv', { file, line, reason }),
  rosterUnknownFile: (name: string) => m('msg.rosterUnknownFile', { name }),
  rosterHasErrors: (count: number) => englishOf(rosterHasErrorsMessage(count)),
  rosterRunning: server['msg.rosterRunning'],
  rosterFailed: server['msg.rosterFailed'],
  /* Product pictures (docs/decisions/061-product-pictures.md). */
  pictureNotUploaded: server['msg.pictureNotUploaded'],
  pictureQuota: (pictures: number, megabytes: number) =>
    englishOf(pictureQuotaMessage(pictures, megabytes)),
  pictureTooManyPixels: (width: number, height: number, maxPixels: number) =>
    englishOf(pictureTooManyPixelsMessage(width, height, maxPixels)),
} as const;

import { CURRENCY_NAME } from './routes.js';

/** Every message of docs/spec.md section 8, one place for server and web. */
export const MSG = {
  unauthorized: 'Unauthorized',
  forbidden: 'You are not allowed to do this.',
  notFound: 'Not found',
  tryLater: 'Please try after few minutes.',
  someError: 'Some error occured. Try again later.',
  errorFetching: 'Error fetching data',
  noToken: 'No token',
  invalidLogin: 'Invalid username/password',
  notRegistered: 'User not registered in our system. Please contact your school admin.',
  idpTokenError: 'Error getting identity-provider token. Try again later.',
  idpMismatch: 'Identity-provider user ID mismatch',
  keepWorking: (need: number) => `Keep working! You need to earn ${need} more ${CURRENCY_NAME}.`,
  needMore: (need: number) =>
    `The student needs to earn ${need} more ${CURRENCY_NAME} to make this purchase.`,
  cancelPassed: 'You cannot cancel this item because the cancellation date has passed.',
  givingStartsOn: (date: string) =>
    `Unable to send bonus/flag. You may start giving bonuses and flags on ${date}.`,
  outOfStock: (name: string) => `${name} is out of stock`,
  storeClosed: (date: string) => `The store is closed. It will reopen on ${date}.`,
  nameTooLong:
    '"Name" can be 32 characters at most. You may use the "Description" box to provide additional details about this item.',
  schoolOnHoliday: 'School is on holiday',
  notOnHolidays: 'Not allowed on holidays',
  notOnWeekends: 'Not allowed on weekends',
  requestedQuantity: (name: string, available: number) =>
    `Requested quantity of ${name} is not available. Only ${available} left.`,
  commentTooLong: 'Comment must be at most 150 characters',
  selectStudent: 'Please select a student.',
  orderItemsLimit: 'Order items limit exceeded.',
  maxCustomFlags: 'Maximum 5 custom Flags are allowed.',
  maxCustomBonuses: 'Maximum 5 custom Bonuses are allowed.',
  activitiesMin: 'Activities field must have at least 1 items',
  balanceNegative: 'User balance is negative',
  schoolYearEnded: 'School year has ended',
  orderCanceled: 'This order has been canceled already.',
  duplicateItemName: 'Item with same name already exists.',
  noRoles: 'User has no roles',
  /* The store's own messages where the spec gives none (docs/spec.md section 10, docs/decisions/028-orders.md). */
  storeClosedNoDate: 'The store is closed.',
  requestedOverLimit: (name: string, limit: number, left: number) =>
    `Requested quantity of ${name} is over the limit of ${limit} per student. You may buy ${left} more.`,
  productUnavailable: (name: string) => `${name} is not available`,
  orderRefunded: 'This order has been refunded already.',
  orderRedeemed: 'This order has been redeemed already.',
  orderPackaged: 'This order has been packaged already.',
  packageBeforeRedeem: 'This order must be packaged before it is redeemed.',
  refundRedeemedOnly: 'Only a redeemed order can be refunded. Cancel it instead.',
  /*
   * Sign-in (docs/decisions/048-sso.md, docs/decisions/049-school-tokens.md,
   * docs/decisions/050-invitations-and-account-setup.md, docs/decisions/051-forgot-and-reset-password.md,
   * docs/decisions/052-sign-in-settings-permission.md, docs/decisions/060-sso-issuer-public-internet.md).
   */
  ssoStateInvalid: 'This sign-in has expired or was already used. Please start again.',
  ssoNotConfigured: 'Sign-in with this provider is not set up for this school.',
  ssoIssuerHttps: 'issuer must be an https URL.',
  ssoIssuerNotPublic:
    'issuer must be a public internet address, not this server or a private network.',
  linkInvalid: 'This link has expired or was already used. Ask for a new one.',
  usernameTaken: 'This username is taken. Choose another.',
  usernameNeeded: 'username is required',
  cancelRedeemed: 'This order has been redeemed and cannot be canceled. Refund it instead.',
  /*
   * The roster import's (docs/decisions/053-oneroster-files.md, docs/decisions/054-roster-import-job.md,
   * docs/decisions/055-roster-leavers.md).
   */
  rosterNotMultipart: 'Send the roster as multipart/form-data: a .zip, or the five .csv files.',
  rosterNoFiles: 'No roster files were sent: choose a .zip or the five OneRoster .csv files.',
  rosterTooLarge: (mb: number) => `The roster files are larger than ${mb} MB in all.`,
  rosterBadZip: 'The .zip file could not be read.',
  rosterBadCsv: (file: string, line: number, reason: string) => `${file} line ${line}: ${reason}`,
  rosterUnknownFile: (name: string) =>
    `${name} is not a OneRoster file (orgs, academicSessions, users, classes, enrollments .csv, or a .zip of them).`,
  rosterHasErrors: (n: number) =>
    `The roster files have ${n} problem${n === 1 ? '' : 's'}; nothing was imported.`,
  rosterRunning: 'A roster import is already running for this school.',
  rosterFailed: 'The import failed; nothing was changed. Try again later.',
  /* Product pictures (docs/decisions/061-product-pictures.md). */
  pictureNotUploaded:
    'image must be a picture uploaded for this school (the image GET utility/upload-url/{id} answers), or null for none.',
  pictureQuota: (pictures: number, megabytes: number) =>
    `Your school has reached its limit of ${pictures.toLocaleString('en-US')} pictures and ${megabytes} MB. Remove pictures from products that do not need them: pictures no product uses are removed a day after their upload.`,
  pictureTooManyPixels: (width: number, height: number, maxPixels: number) =>
    `The picture has too many pixels (${width} × ${height}). Upload a picture of at most ${maxPixels / 1_000_000} million pixels (for example ${Math.floor(Math.sqrt(maxPixels) / 100) * 100} × ${Math.floor(Math.sqrt(maxPixels) / 100) * 100}).`,
} as const;

/**
 * The server's messages (docs/spec.md section 8 and the product's own), as ICU templates. Only
 * simple arguments ({name}) here: the server's answers are translated at the edge by reading the
 * arguments back out of the English text (translate.ts), which plurals would defeat.
 */
export const server = {
  'msg.unauthorized': 'Unauthorized',
  'msg.forbidden': 'You are not allowed to do this.',
  'msg.notFound': 'Not found',
  'msg.tryLater': 'Please try after few minutes.',
  'msg.someError': 'Some error occured. Try again later.',
  'msg.errorFetching': 'Error fetching data',
  'msg.noToken': 'No token',
  'msg.invalidLogin': 'Invalid username/password',
  'msg.notRegistered': 'User not registered in our system. Please contact your school admin.',
  'msg.idpTokenError': 'Error getting identity-provider token. Try again later.',
  'msg.idpMismatch': 'Identity-provider user ID mismatch',
  'msg.keepWorking': 'Keep working! You need to earn {need} more {currency}.',
  'msg.needMore': 'The student needs to earn {need} more {currency} to make this purchase.',
  'msg.cancelPassed': 'You cannot cancel this item because the cancellation date has passed.',
  'msg.givingStartsOn':
    'Unable to send bonus/flag. You may start giving bonuses and flags on {date}.',
  'msg.outOfStock': '{name} is out of stock',
  'msg.storeClosed': 'The store is closed. It will reopen on {date}.',
  'msg.nameTooLong':
    '"Name" can be 32 characters at most. You may use the "Description" box to provide additional details about this item.',
  'msg.schoolOnHoliday': 'School is on holiday',
  'msg.notOnHolidays': 'Not allowed on holidays',
  'msg.notOnWeekends': 'Not allowed on weekends',
  'msg.requestedQuantity': 'Requested quantity of {name} is not available. Only {available} left.',
  'msg.commentTooLong': 'Comment must be at most 150 characters',
  'msg.selectStudent': 'Please select a student.',
  'msg.orderItemsLimit': 'Order items limit exceeded.',
  'msg.maxCustomFlags': 'Maximum 5 custom Flags are allowed.',
  'msg.maxCustomBonuses': 'Maximum 5 custom Bonuses are allowed.',
  'msg.activitiesMin': 'Activities field must have at least 1 items',
  'msg.balanceNegative': 'User balance is negative',
  'msg.schoolYearEnded': 'School year has ended',
  'msg.orderCanceled': 'This order has been canceled already.',
  'msg.duplicateItemName': 'Item with same name already exists.',
  'msg.noRoles': 'User has no roles',
  'msg.storeClosedNoDate': 'The store is closed.',
  'msg.requestedOverLimit':
    'Requested quantity of {name} is over the limit of {limit} per student. You may buy {left} more.',
  'msg.productUnavailable': '{name} is not available',
  'msg.orderRefunded': 'This order has been refunded already.',
  'msg.orderRedeemed': 'This order has been redeemed already.',
  'msg.orderPackaged': 'This order has been packaged already.',
  'msg.packageBeforeRedeem': 'This order must be packaged before it is redeemed.',
  'msg.refundRedeemedOnly': 'Only a redeemed order can be refunded. Cancel it instead.',
  'msg.ssoStateInvalid': 'This sign-in has expired or was already used. Please start again.',
  'msg.ssoNotConfigured': 'Sign-in with this provider is not set up for this school.',
  'msg.ssoIssuerHttps': 'issuer must be an https URL.',
  'msg.ssoIssuerNotPublic':
    'issuer must be a public internet address, not this server or a private network.',
  'msg.linkInvalid': 'This link has expired or was already used. Ask for a new one.',
  'msg.usernameTaken': 'This username is taken. Choose another.',
  'msg.usernameNeeded': 'username is required',
  'msg.cancelRedeemed': 'This order has been redeemed and cannot be canceled. Refund it instead.',
  'msg.rosterNotMultipart':
    'Send the roster as multipart/form-data: a .zip, or the five .csv files.',
  'msg.rosterNoFiles': 'No roster files were sent: choose a .zip or the five OneRoster .csv files.',
  'msg.rosterTooLarge': 'The roster files are larger than {mb} MB in all.',
  'msg.rosterBadZip': 'The .zip file could not be read.',
  'msg.rosterBadCsv': '{file} line {line}: {reason}',
  'msg.rosterUnknownFile':
    '{name} is not a OneRoster file (orgs, academicSessions, users, classes, enrollments .csv, or a .zip of them).',
  'msg.rosterHasErrors': 'The roster files have problems ({count}); nothing was imported.',
  'msg.rosterRunning': 'A roster import is already running for this school.',
  'msg.rosterFailed': 'The import failed; nothing was changed. Try again later.',
  'msg.pictureNotUploaded':
    'image must be a picture uploaded for this school (the image GET utility/upload-url/:id answers), or null for none.',
  'msg.pictureQuota':
    'Your school has reached its limit of {pictures} pictures and {megabytes} MB. Remove pictures from products that do not need them: pictures no product uses are removed a day after their upload.',
  'msg.pictureTooManyPixels':
    'The picture has too many pixels ({width} × {height}). Upload a picture of at most {millions} million pixels (for example {side} × {side}).',
  'msg.setupWrongCode': 'The setup code is wrong or has been used. Use the code in the server log.',
  'msg.setupDone': 'This server is already set up. Sign in instead.',
  'msg.schoolCodeTaken': 'A school with the code {code} exists already. Choose another code.',
  'msg.ownSchool': 'You cannot disable the school you sign in at.',
  'msg.schoolDisabled': 'Your school has been disabled. Ask your district to enable it.',
  'msg.badJson': 'Body is not valid JSON',
} as const;

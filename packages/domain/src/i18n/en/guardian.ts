/** The guardian area's words (keys start with 'guardian.'). */
export const guardian = {
  // The family page (/family)
  'guardian.family.title': 'Family',
  'guardian.family.description':
    "Your children's {currency}, activity and orders. You can look; nothing here changes anything.",
  'guardian.family.none': 'No student is linked to your account yet. Ask the school to add them.',
  'guardian.family.loadingChildren': 'Loading your children',
  'guardian.family.children': 'Your children',
  'guardian.family.balance': 'Balance',
  'guardian.family.earnedYesterday': 'Earned yesterday',
  'guardian.family.totalEarned': 'Earned in all',
  'guardian.family.totalSpent': 'Spent in all',
  'guardian.family.yearEarned': 'Earned this school year',
  'guardian.family.figures': 'Figures',
  'guardian.family.loadingFigures': 'Loading the figures',
  'guardian.family.activity': 'Activity',
  'guardian.family.loadingActivity': 'Loading the activity',
  'guardian.family.noActivity': 'No activity yet.',
  'guardian.family.activityCaption':
    '{count, plural, one {# entry} other {# entries}} of {name}, newest first',
  'guardian.family.orders': 'Orders',
  'guardian.family.loadingOrders': 'Loading the orders',
  'guardian.family.noOrders': 'No orders yet.',
  'guardian.family.ordersCaption': 'Orders of {name}, newest first',
  'guardian.family.orderDate': 'Date',
  'guardian.family.orderItems': 'Items',
  'guardian.family.orderItem': '{quantity} × {name}',
  'guardian.family.orderTotal': 'Total',
  'guardian.status.PENDING': 'Pending',
  'guardian.status.PACKAGED': 'Packaged',
  'guardian.status.REDEEMED': 'Redeemed',
  'guardian.status.REFUNDED': 'Refunded',
  'guardian.status.CANCELED': 'Canceled',
  'guardian.family.orderStatus': 'Status',

  // Settings → Guardians
  'guardian.settings.tab': 'Guardians',
  'guardian.settings.inviteTitle': 'Invite a guardian',
  'guardian.settings.intro':
    'A guardian sees the balance, activity and orders of the students you choose, and nothing else. They get a mail to choose their password.',
  'guardian.settings.email': 'E-mail',
  'guardian.settings.firstName': 'First name',
  'guardian.settings.lastName': 'Last name',
  'guardian.settings.students': 'Students',
  'guardian.settings.studentsPlaceholder': 'Search by name',
  'guardian.settings.language': 'Language of their mails',
  'guardian.settings.invite': 'Send invitation',
  'guardian.settings.invited': 'Invitation sent to {email}.',
  'guardian.settings.linked': '{email} can now see the students you chose.',
  'guardian.settings.listTitle': 'Guardians',
  'guardian.settings.loading': 'Loading the guardians',
  'guardian.settings.none': 'No guardians yet.',
  'guardian.settings.caption': '{count, plural, one {# guardian} other {# guardians}}',
  'guardian.settings.name': 'Name',
  'guardian.settings.childrenColumn': 'Students',
  'guardian.settings.account': 'Account',
  'guardian.settings.setUp': 'Set up',
  'guardian.settings.pending': 'Invited',
  'guardian.settings.studentOption': '{name} (grade {grade})',

  // Sign-in by a one-time e-mail link (/login)
  'guardian.login.emailLink': 'E-mail me a sign-in link',
  'guardian.login.emailLinkTitle': 'Sign in with a link',
  'guardian.login.emailLinkHelp':
    'For parents and guardians: we mail you a link that signs you in once, within 15 minutes.',
  'guardian.login.email': 'E-mail address',
  'guardian.login.send': 'Send the link',
  'guardian.login.sent':
    'If a guardian account uses this address, we have sent it a sign-in link. The link works once, for 15 minutes.',
  'guardian.login.signingIn': 'Signing you in',
  'guardian.login.linkFailed': 'This sign-in link does not work any more. Ask for a new one.',

  // Mails
  'guardian.mail.inviteSubject': 'Set up your {school} family account',
  'guardian.mail.inviteText':
    'Hello {name},\n\n{school} has invited you to Merit Market to follow {children}: their {currency}, activity and orders. Choose your password here (the link works once, for {days} days):\n\n{link}\n',
  'guardian.mail.linkSubject': 'Your Merit Market sign-in link',
  'guardian.mail.linkText':
    'Hello {name},\n\nSign in to Merit Market with this link (it works once, for {minutes} minutes):\n\n{link}\n\nIf you did not ask for it, ignore this mail.\n',
  'guardian.digest.subject': 'Your week at {school}',
  'guardian.digest.intro': 'Hello {name},\n\nHere is the week of {start} to {end} at {school}.',
  'guardian.digest.child':
    '{name}: received {received, plural, one {# {currencyOne}} other {# {currency}}}, spent {spent, plural, one {# {currencyOne}} other {# {currency}}}; balance {balance, plural, one {# {currencyOne}} other {# {currency}}}; {orders, plural, =0 {no orders} one {# order} other {# orders}}.',
  'guardian.digest.more': 'See more: {link}',
  'guardian.digest.unsubscribe': 'To get no more of these weekly mails, click: {link}',
  'guardian.digest.unsubscribed': 'You will get no more weekly mails from Merit Market.',
} as const;

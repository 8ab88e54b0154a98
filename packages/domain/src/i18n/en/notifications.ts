/** The notifications area's words (keys start with 'notifications.'): the header's bell. */
export const notifications = {
  'notifications.points':
    'You received {count, plural, one {# {currencyOne}} other {# {currency}}}{hasDetail, select, yes {: {detail}} other {}}',
  'notifications.packaged':
    'Your order is ready for pickup{hasDetail, select, yes {: {detail}} other {}}',
  'notifications.canceled':
    'Your order was canceled{hasDetail, select, yes {: {detail}} other {}}. {count, plural, one {# {currencyOne}} other {# {currency}}} went back to your balance.',
  'notifications.refunded':
    'Your order was refunded{hasDetail, select, yes {: {detail}} other {}}. {count, plural, one {# {currencyOne}} other {# {currency}}} went back to your balance.',
  'notifications.title': 'Notifications',
  'notifications.overflow': '99+',
  'notifications.bellLabel':
    '{count, plural, =0 {Notifications, none unread} other {Notifications, # unread}}',
  'notifications.empty': 'Nothing yet. {currency} you receive and news of your orders show here.',
  'notifications.whenNew': '{when} · new',
} as const;

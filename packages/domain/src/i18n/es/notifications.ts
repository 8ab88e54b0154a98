import type { notifications as en } from '../en/notifications.js';

export const notifications: Record<keyof typeof en, string> = {
  'notifications.points':
    'Recibiste {count, plural, one {# {currencyOne}} other {# {currency}}}{hasDetail, select, yes {: {detail}} other {}}',
  'notifications.packaged':
    'Tu pedido está listo para recoger{hasDetail, select, yes {: {detail}} other {}}',
  'notifications.canceled':
    'Tu pedido fue cancelado{hasDetail, select, yes {: {detail}} other {}}. {count, plural, one {Se devolvió # {currencyOne}} other {Se devolvieron # {currency}}} a tu saldo.',
  'notifications.refunded':
    'Tu pedido fue reembolsado{hasDetail, select, yes {: {detail}} other {}}. {count, plural, one {Se devolvió # {currencyOne}} other {Se devolvieron # {currency}}} a tu saldo.',
  'notifications.title': 'Notificaciones',
  'notifications.overflow': '99+',
  'notifications.bellLabel':
    '{count, plural, =0 {Notificaciones, ninguna sin leer} one {Notificaciones, # sin leer} other {Notificaciones, # sin leer}}',
  'notifications.empty':
    'Nada todavía. Aquí aparecen los {currency} que recibes y las novedades de tus pedidos.',
  'notifications.whenNew': '{when} · nueva',
};

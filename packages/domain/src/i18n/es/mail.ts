import type { mail as en } from '../en/mail.js';

export const mail: Record<keyof typeof en, string> = {
  'mail.invitation.subject': 'Configura tu cuenta de {school}',
  'mail.invitation.body':
    'Hola, {firstName}:\n\nTe invitaron a Merit Market en {school}. Elige tu contraseña aquí (el enlace funciona una sola vez, durante {days, plural, one {# día} other {# días}}):\n\n{link}\n\nEl enlace funciona hasta el {expires}.\n',
  'mail.reset.subject': 'Elige una nueva contraseña de Merit Market',
  'mail.reset.body':
    'Hola, {firstName}:\n\nAlguien (esperamos que tú) pidió restablecer la contraseña de {username}. Elige una nueva aquí (el enlace funciona una sola vez, durante una hora):\n\n{link}\n\nSi no lo pediste, ignora este correo: tu contraseña sigue igual.\n',
};

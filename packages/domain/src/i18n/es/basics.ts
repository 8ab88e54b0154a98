import type { basics as en } from '../en/basics.js';

export const basics: Record<keyof typeof en, string> = {
  'msg.unauthorized': 'No autorizado',
  'msg.tryLater': 'Inténtalo de nuevo en unos minutos.',
  'msg.someError': 'Se produjo un error. Inténtalo más tarde.',
  'msg.errorFetching': 'Error al obtener los datos',
  'msg.noToken': 'Sin token',
  'msg.noRoles': 'El usuario no tiene roles',
};

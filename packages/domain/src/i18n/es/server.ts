import type { server as en } from '../en/server.js';

export const server: Record<keyof typeof en, string> = {
  'msg.unauthorized': 'No autorizado',
  'msg.forbidden': 'No tienes permiso para hacer esto.',
  'msg.notFound': 'No encontrado',
  'msg.tryLater': 'Inténtalo de nuevo en unos minutos.',
  'msg.someError': 'Se produjo un error. Inténtalo más tarde.',
  'msg.errorFetching': 'Error al obtener los datos',
  'msg.noToken': 'Sin token',
  'msg.invalidLogin': 'Usuario o contraseña no válidos',
  'msg.notRegistered':
    'El usuario no está registrado en nuestro sistema. Comunícate con el administrador de tu escuela.',
  'msg.idpTokenError': 'Error al obtener el token del proveedor de identidad. Inténtalo más tarde.',
  'msg.idpMismatch': 'El ID de usuario del proveedor de identidad no coincide',
  'msg.keepWorking': '¡Sigue esforzándote! Necesitas ganar {need} {currency} más.',
  'msg.needMore': 'El estudiante necesita ganar {need} {currency} más para hacer esta compra.',
  'msg.cancelPassed': 'No puedes cancelar este artículo porque la fecha de cancelación ya pasó.',
  'msg.givingStartsOn':
    'No se pudo enviar el bono o la falta. Podrás empezar a dar bonos y faltas el {date}.',
  'msg.outOfStock': '{name} está agotado',
  'msg.storeClosed': 'La tienda está cerrada. Volverá a abrir el {date}.',
  'msg.nameTooLong':
    'El "Nombre" puede tener como máximo 32 caracteres. Puedes usar el cuadro "Descripción" para dar más detalles sobre este artículo.',
  'msg.schoolOnHoliday': 'La escuela está de vacaciones',
  'msg.notOnHolidays': 'No se permite en días festivos',
  'msg.notOnWeekends': 'No se permite en fines de semana',
  'msg.requestedQuantity':
    'La cantidad solicitada de {name} no está disponible. Solo quedan {available}.',
  'msg.commentTooLong': 'El comentario debe tener como máximo 150 caracteres',
  'msg.selectStudent': 'Selecciona un estudiante.',
  'msg.orderItemsLimit': 'Se superó el límite de artículos del pedido.',
  'msg.maxCustomFlags': 'Se permiten como máximo 5 faltas personalizadas.',
  'msg.maxCustomBonuses': 'Se permiten como máximo 5 bonos personalizados.',
  'msg.activitiesMin': 'El campo de actividades debe tener al menos 1 elemento',
  'msg.balanceNegative': 'El saldo del usuario es negativo',
  'msg.schoolYearEnded': 'El año escolar ha terminado',
  'msg.orderCanceled': 'Este pedido ya fue cancelado.',
  'msg.duplicateItemName': 'Ya existe un artículo con el mismo nombre.',
  'msg.noRoles': 'El usuario no tiene roles',
  'msg.storeClosedNoDate': 'La tienda está cerrada.',
  'msg.requestedOverLimit':
    'La cantidad solicitada de {name} supera el límite de {limit} por estudiante. Puedes comprar {left} más.',
  'msg.productUnavailable': '{name} no está disponible',
  'msg.orderRefunded': 'Este pedido ya fue reembolsado.',
  'msg.orderRedeemed': 'Este pedido ya fue entregado.',
  'msg.orderPackaged': 'Este pedido ya fue empacado.',
  'msg.packageBeforeRedeem': 'Este pedido debe empacarse antes de entregarse.',
  'msg.refundRedeemedOnly': 'Solo se puede reembolsar un pedido entregado. Cancélalo en su lugar.',
  'msg.ssoStateInvalid': 'Este inicio de sesión caducó o ya se usó. Empieza de nuevo.',
  'msg.ssoNotConfigured':
    'El inicio de sesión con este proveedor no está configurado para esta escuela.',
  'msg.ssoIssuerHttps': 'issuer debe ser una URL https.',
  'msg.ssoIssuerNotPublic':
    'issuer debe ser una dirección pública de internet, no este servidor ni una red privada.',
  'msg.linkInvalid': 'Este enlace caducó o ya se usó. Pide uno nuevo.',
  'msg.usernameTaken': 'Este nombre de usuario ya existe. Elige otro.',
  'msg.usernameNeeded': 'username es obligatorio',
  'msg.cancelRedeemed': 'Este pedido ya fue entregado y no se puede cancelar. Reembólsalo.',
  'msg.rosterNotMultipart':
    'Envía la lista como multipart/form-data: un .zip o los cinco archivos .csv.',
  'msg.rosterNoFiles':
    'No se enviaron archivos de lista: elige un .zip o los cinco archivos .csv de OneRoster.',
  'msg.rosterTooLarge': 'Los archivos de la lista superan {mb} MB en total.',
  'msg.rosterBadZip': 'No se pudo leer el archivo .zip.',
  'msg.rosterBadCsv': '{file} línea {line}: {reason}',
  'msg.rosterUnknownFile':
    '{name} no es un archivo de OneRoster (orgs, academicSessions, users, classes, enrollments .csv, o un .zip con ellos).',
  'msg.rosterHasErrors': 'Los archivos de la lista tienen problemas ({count}); no se importó nada.',
  'msg.rosterRunning': 'Ya hay una importación de lista en curso para esta escuela.',
  'msg.rosterFailed': 'La importación falló; no se cambió nada. Inténtalo más tarde.',
  'msg.pictureNotUploaded':
    'image debe ser una imagen subida para esta escuela (la que responde GET utility/upload-url/:id), o null para ninguna.',
  'msg.pictureQuota':
    'Tu escuela llegó a su límite de {pictures} imágenes y {megabytes} MB. Quita las imágenes de los productos que no las necesiten: las imágenes que ningún producto usa se eliminan un día después de subirlas.',
  'msg.pictureTooManyPixels':
    'La imagen tiene demasiados píxeles ({width} × {height}). Sube una imagen de como máximo {millions} millones de píxeles (por ejemplo {side} × {side}).',
  'msg.setupWrongCode':
    'El código de configuración es incorrecto o ya se usó. Usa el código del registro del servidor.',
  'msg.setupDone': 'Este servidor ya está configurado. Inicia sesión.',
  'msg.schoolCodeTaken': 'Ya existe una escuela con el código {code}. Elige otro código.',
  'msg.ownSchool': 'No puedes desactivar la escuela en la que inicias sesión.',
  'msg.schoolDisabled': 'Tu escuela fue desactivada. Pide a tu distrito que la active.',
  'msg.badJson': 'El cuerpo no es JSON válido',
};

import type { guardian as en } from '../en/guardian.js';

export const guardian: Record<keyof typeof en, string> = {
  'guardian.family.title': 'Familia',
  'guardian.family.description':
    'Los {currency}, la actividad y los pedidos de sus hijos. Aquí puede mirar; nada de esto cambia nada.',
  'guardian.family.none':
    'Todavía no hay estudiantes vinculados a su cuenta. Pida a la escuela que los agregue.',
  'guardian.family.loadingChildren': 'Cargando a sus hijos',
  'guardian.family.children': 'Sus hijos',
  'guardian.family.grade': 'Grado {grade}',
  'guardian.family.balance': 'Saldo',
  'guardian.family.earnedYesterday': 'Ganado ayer',
  'guardian.family.totalEarned': 'Ganado en total',
  'guardian.family.totalSpent': 'Gastado en total',
  'guardian.family.yearEarned': 'Ganado este año escolar',
  'guardian.family.figures': 'Cifras',
  'guardian.family.loadingFigures': 'Cargando las cifras',
  'guardian.family.activity': 'Actividad',
  'guardian.family.loadingActivity': 'Cargando la actividad',
  'guardian.family.noActivity': 'Todavía no hay actividad.',
  'guardian.family.activityCaption':
    '{count, plural, one {# registro} other {# registros}} de {name}, los más recientes primero',
  'guardian.family.orders': 'Pedidos',
  'guardian.family.loadingOrders': 'Cargando los pedidos',
  'guardian.family.noOrders': 'Todavía no hay pedidos.',
  'guardian.family.ordersCaption': 'Pedidos de {name}, los más recientes primero',
  'guardian.family.orderDate': 'Fecha',
  'guardian.family.orderItems': 'Artículos',
  'guardian.family.orderItem': '{quantity} × {name}',
  'guardian.family.orderTotal': 'Total',
  'guardian.family.orderStatus': 'Estado',

  'guardian.settings.tab': 'Tutores',
  'guardian.settings.inviteTitle': 'Invitar a un tutor',
  'guardian.settings.intro':
    'Un tutor ve el saldo, la actividad y los pedidos de los estudiantes que usted elija, y nada más. Recibe un correo para elegir su contraseña.',
  'guardian.settings.email': 'Correo electrónico',
  'guardian.settings.firstName': 'Nombre',
  'guardian.settings.lastName': 'Apellido',
  'guardian.settings.students': 'Estudiantes',
  'guardian.settings.studentsPlaceholder': 'Buscar por nombre',
  'guardian.settings.language': 'Idioma de sus correos',
  'guardian.settings.invite': 'Enviar invitación',
  'guardian.settings.invited': 'Invitación enviada a {email}.',
  'guardian.settings.linked': '{email} ya puede ver a los estudiantes que eligió.',
  'guardian.settings.listTitle': 'Tutores',
  'guardian.settings.loading': 'Cargando a los tutores',
  'guardian.settings.none': 'Todavía no hay tutores.',
  'guardian.settings.caption': '{count, plural, one {# tutor} other {# tutores}}',
  'guardian.settings.name': 'Nombre',
  'guardian.settings.childrenColumn': 'Estudiantes',
  'guardian.settings.account': 'Cuenta',
  'guardian.settings.setUp': 'Activada',
  'guardian.settings.pending': 'Invitado',
  'guardian.settings.studentOption': '{name} (grado {grade})',

  'guardian.login.emailLink': 'Enviarme un enlace para entrar',
  'guardian.login.emailLinkTitle': 'Entrar con un enlace',
  'guardian.login.emailLinkHelp':
    'Para madres, padres y tutores: le enviamos un enlace que le permite entrar una vez, dentro de 15 minutos.',
  'guardian.login.email': 'Correo electrónico',
  'guardian.login.send': 'Enviar el enlace',
  'guardian.login.sent':
    'Si una cuenta de tutor usa este correo, le enviamos un enlace para entrar. El enlace funciona una vez, durante 15 minutos.',
  'guardian.login.signingIn': 'Entrando',
  'guardian.login.linkFailed': 'Este enlace ya no funciona. Pida uno nuevo.',

  'guardian.mail.inviteSubject': 'Active su cuenta familiar de {school}',
  'guardian.mail.inviteText':
    'Hola, {name}:\n\n{school} le invita a Merit Market para seguir a {children}: sus {currency}, su actividad y sus pedidos. Elija su contraseña aquí (el enlace funciona una vez, durante {days} días):\n\n{link}\n',
  'guardian.mail.linkSubject': 'Su enlace para entrar a Merit Market',
  'guardian.mail.linkText':
    'Hola, {name}:\n\nEntre a Merit Market con este enlace (funciona una vez, durante {minutes} minutos):\n\n{link}\n\nSi usted no lo pidió, ignore este correo.\n',
  'guardian.digest.subject': 'Su semana en {school}',
  'guardian.digest.intro': 'Hola, {name}:\n\nEsta es la semana del {start} al {end} en {school}.',
  'guardian.digest.child':
    '{name}: recibió {received, plural, one {# {currencyOne}} other {# {currency}}}, gastó {spent, plural, one {# {currencyOne}} other {# {currency}}}; saldo: {balance, plural, one {# {currencyOne}} other {# {currency}}}; {orders, plural, =0 {ningún pedido} one {# pedido} other {# pedidos}}.',
  'guardian.digest.more': 'Más detalles: {link}',
  'guardian.digest.unsubscribe': 'Para no recibir más estos correos semanales, haga clic: {link}',
  'guardian.digest.unsubscribed': 'No recibirá más correos semanales de Merit Market.',
};

import type { activity as en } from '../en/activity.js';

export const activity: Record<keyof typeof en, string> = {
  'activity.title': 'Mi actividad',
  'activity.description': 'Tus {currency}: qué ganaste, cuándo y de quién.',
  'activity.loadingBalance': 'Cargando tu saldo',
  'activity.heading': 'Actividad',
  'activity.loading': 'Cargando la actividad',
  'activity.empty': 'Todavía no hay actividad. Aquí aparecerán los bonos de tus maestros.',
  'activity.noMatch': 'Nada coincide con estos filtros.',
  'activity.caption':
    '{count, plural, one {# registro} other {# registros}}, los más recientes primero',
  'activity.category': 'Categoría',
  'activity.allCategories': 'Todas las categorías',
  'activity.categoryName':
    '{category, select, Bonuses {Bonos} Flags {Faltas} AcademicPayDay {Día de pago académico} DailyBehavior {Comportamiento diario} DailyAttendance {Asistencia diaria} other {{category}}}',
  'activity.from': 'Desde',
  'activity.to': 'Hasta',
  'activity.anyDay': 'Cualquier día',
  'activity.clearFilters': 'Quitar filtros',
  'activity.tierName':
    '{tier, select, Bronze {Bronce} Silver {Plata} Gold {Oro} Platinum {Platino} Ruby {Rubí} Emerald {Esmeralda} Sapphire {Zafiro} Diamond {Diamante} Crystal {Cristal} Onyx {Ónix} Mystery {Misterio} other {{tier}}}',
  'activity.gem': 'Gema {tier}',
  'activity.member': 'Miembro {level}',
  'activity.gemTierNote': 'Nivel de gema: según tu saldo actual',
  'activity.memberNote':
    'Nivel de miembro: según todo lo que ganaste este año; desbloquea íconos de perfil',
  'activity.progressLabel': 'Avance hacia el siguiente nivel de gema',
  'activity.toNextTier':
    '{count, plural, one {# {currencyOne}} other {# {currency}}} para llegar a {tier}',
  'activity.topTier': '¡Llegaste al nivel de gema más alto!',
  'activity.toNextMember':
    ' · {count, plural, one {# más ganado} other {# más ganados}} para ser miembro {level}',
};

import type { rosters as en } from '../en/rosters.js';

export const rosters: Record<keyof typeof en, string> = {
  'rosters.title': 'Listas de clase',
  'rosters.description': 'Todas las clases que puedes ver, con sus estudiantes.',
  'rosters.loading': 'Cargando las listas',
  'rosters.noClasses': 'Todavía no hay clases con estudiantes.',
  'rosters.search': 'Buscar estudiantes',
  'rosters.placeholder': 'Nombre o apellido',
  'rosters.noMatch': 'Ningún estudiante coincide con “{query}”.',
  'rosters.periodTitle': '{period} — {name}',
  'rosters.matchesOf': '{matches} de {total}',
  'rosters.teacherWith': '{teacher} · con {coTeachers}',
  'rosters.loadingRoster': 'Cargando la lista de {name}',
  'rosters.studentsCaption': '{count, plural, one {# estudiante} other {# estudiantes}}',
  'rosters.noStudentsMatch': 'Ningún estudiante coincide.',
  'rosters.student': 'Estudiante',
  'rosters.grade': 'Grado',
  'rosters.house': 'Casa',
  'rosters.noGrade': '—',
};

const ELEMENTARY = new Set([
  'prekindergarten',
  'kindergarten',
  '1',
  '2',
  '3',
  '4',
  '5',
  '01',
  '02',
  '03',
  '04',
  '05',
]);

/** Elementary grades: Prekindergarten, Kindergarten and 1 to 5, with or without a leading zero. */
export function isElementaryGrade(grade: string | null | undefined): boolean {
  if (!grade) return false;
  return ELEMENTARY.has(grade.trim().toLowerCase());
}

export function ordinal(n: number): string {
  const rem100 = n % 100;
  if (rem100 >= 11 && rem100 <= 13) return `${n}th`;
  switch (n % 10) {
    case 1:
      return `${n}st`;
    case 2:
      return `${n}nd`;
    case 3:
      return `${n}rd`;
    default:
      return `${n}th`;
  }
}

/** "6" → "6th Grade"; named grades keep their name ("Kindergarten"). */
export function gradeLabel(grade: string): string {
  const n = Number.parseInt(grade, 10);
  if (Number.isNaN(n)) return grade;
  return `${ordinal(n)} Grade`;
}

/** Sort grade levels: Prekindergarten, Kindergarten, then numerically. */
export function compareGrades(a: string, b: string): number {
  const rank = (g: string) => {
    const l = g.toLowerCase();
    if (l === 'prekindergarten') return -2;
    if (l === 'kindergarten') return -1;
    const n = Number.parseInt(g, 10);
    return Number.isNaN(n) ? 1000 : n;
  };
  return rank(a) - rank(b) || a.localeCompare(b);
}

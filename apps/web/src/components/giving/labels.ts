import { useMemo } from 'react';
import { houseLabel } from '@app/domain';
import { useFormat, useT } from '../../i18n';
import type { Translate } from '../../i18n/useT';

/** "7th Grade" / "7.º grado"; named grades ("Kindergarten") by their name in the language. */
export function gradeName(t: Translate, grade: string): string {
  const n = Number.parseInt(grade, 10);
  return Number.isNaN(n) ? t('classroom.gradeNamed', { grade }) : t('classroom.gradeNumber', { n });
}

/** "1st Period" / "Clase 1", "Homeroom" / "Tutoría". */
const periodName = (t: Translate, periodNumber: number): string =>
  t('classroom.periodName', { n: periodNumber });

/** The labels the giving and class screens show, in the screens' language. */
export function useLabels() {
  const t = useT();
  const f = useFormat();
  return useMemo(
    () => ({
      grade: (grade: string) => gradeName(t, grade),
      period: (periodNumber: number) => periodName(t, periodNumber),
      /** A house is named as a name, the same in every language. */
      house: houseLabel,
      /** An activity category ("Daily Behavior" / "Comportamiento diario"). */
      category: (category: string) =>
        t('activity.categoryName', { category: category.replace(/\s+/g, '') }),
      /** A gem tier or member level ("Gold" / "Oro"). */
      tier: (tier: string) => t('activity.tierName', { tier }),
      /** "Oct 14" / "14 oct". */
      monthDay: f.monthDay,
    }),
    [t, f],
  );
}

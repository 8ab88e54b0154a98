import { useMemo } from 'react';
import {
  categoryText,
  gradeOrNoneText,
  gradeText,
  houseOrNoneText,
  isLanguage,
  monthText,
  rangeLabelText,
  REPORT_COLUMN_KEYS,
  type ReportRange,
} from '@app/domain';
import { useFormat, useT } from '../../i18n';
import { useLanguage } from '../../i18n/context';

/**
 * The reports' words in the screens' language: the catalogue, numbers and dates by Intl, and the
 * domain's labels (grades, houses, months, columns, ranges, categories) in their translated form.
 */
export function useReportWords() {
  const t = useT();
  const f = useFormat();
  const locale = useLanguage().language;
  const lang = isLanguage(locale) ? locale : 'en';
  return useMemo(
    () => ({
      t,
      f,
      lang,
      grade: (g: string) => gradeText(t, g),
      gradeOrNone: (g: string | null | undefined) => gradeOrNoneText(t, g),
      houseOrNone: (h: string | null | undefined) => houseOrNoneText(t, h),
      month: (m: string, form: 'long' | 'short' = 'long') => monthText(lang, m, form),
      column: (k: keyof typeof REPORT_COLUMN_KEYS) => t(REPORT_COLUMN_KEYS[k]),
      category: (c: string) => categoryText(t, c),
      /** A preset range by name: "This week", "octubre de 2026". */
      rangeLabel: (r: Pick<ReportRange, 'key' | 'label' | 'from' | 'to'>) =>
        rangeLabelText(t, lang, r),
      /** An applied range: "Aug 1, 2026 to Nov 25, 2026" / "1 ago 2026 a 25 nov 2026". */
      range: (r: { startDate: string; endDate: string }) =>
        t('reports.range', { from: f.mediumDate(r.startDate), to: f.mediumDate(r.endDate) }),
    }),
    [t, f, lang],
  );
}

export type ReportWords = ReturnType<typeof useReportWords>;

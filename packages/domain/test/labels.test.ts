import { describe, expect, it } from 'vitest';
import { t, type Language } from '../src/i18n/index.js';
import {
  categoryText,
  gradeLabel,
  gradeOrNone,
  gradeOrNoneText,
  gradeText,
  houseLabel,
  houseOrNone,
  houseOrNoneText,
  monthLabel,
  monthText,
  rangeLabelText,
  SURVEYS,
  surveyChoiceText,
  surveyText,
  REPORT_COLUMN_KEYS,
  REPORT_COLUMN_LABELS,
  reportRanges,
  type Translator,
} from '../src/index.js';

describe('labels of docs/spec.md section 9', () => {
  it('a grade is an ordinal plus "Grade"; a named grade keeps its name', () => {
    expect(gradeLabel('8')).toBe('8th Grade');
    expect(gradeLabel('08')).toBe('8th Grade');
    expect(gradeLabel('1')).toBe('1st Grade');
    expect(gradeLabel('2')).toBe('2nd Grade');
    expect(gradeLabel('3')).toBe('3rd Grade');
    expect(gradeLabel('11')).toBe('11th Grade');
    expect(gradeLabel('12')).toBe('12th Grade');
    expect(gradeLabel('Kindergarten')).toBe('Kindergarten');
    expect(gradeOrNone(null)).toBe('No grade');
    expect(gradeOrNone('None')).toBe('No grade');
    expect(gradeOrNone('7')).toBe('7th Grade');
  });

  it('a house reads as a name', () => {
    expect(['altruismo', 'amistad', 'isibindi', 'reveur'].map(houseLabel)).toEqual([
      'Altruismo',
      'Amistad',
      'Isibindi',
      'Reveur',
    ]);
    expect(houseLabel('Altruismo')).toBe('Altruismo');
    expect(houseLabel('blue team')).toBe('Blue Team');
    expect(houseLabel('équipe-verte')).toBe('Équipe-Verte');
    expect(houseOrNone(null)).toBe('No house');
    expect(houseOrNone('None')).toBe('No house');
  });

  it('a month by its name, never "2026-10"', () => {
    expect(monthLabel('2026-10')).toBe('October 2026');
    expect(monthLabel('2026-10-01')).toBe('October 2026');
    expect(monthLabel('2026-02-28', 'short')).toBe('Feb 2026');
  });

  it('report columns say whether they count gives or sum points', () => {
    for (const [key, label] of Object.entries(REPORT_COLUMN_LABELS)) {
      if (key.endsWith('Count')) expect(label, key).toMatch(/\(count\)$/);
      if (['earned', 'spent', 'balance', 'bonusPoints', 'flagPoints'].includes(key))
        expect(label, key).toMatch(/points/i);
    }
  });
});

describe('labels in the screens’ language', () => {
  const tr =
    (lang: Language): Translator =>
    (key, values) =>
      t(lang, key, { currency: 'Estrellas', currencyOne: 'Estrella', ...values });
  const en = tr('en');
  const es = tr('es');

  it('keeps the English of the server’s helpers, and writes grades in Spanish', () => {
    for (const g of ['1', '2', '3', '4', '8', '08', '11', '12', '13', '21', '22', '23'])
      expect(gradeText(en, g), g).toBe(gradeLabel(g));
    expect(gradeText(en, 'Kindergarten')).toBe('Kindergarten');
    expect(gradeText(es, '8')).toBe('8.º grado');
    expect(gradeText(es, '01')).toBe('1.º grado');
    expect(gradeText(es, 'Kindergarten')).toBe('Kínder');
    expect(gradeText(es, 'Prekindergarten')).toBe('Prekínder');
    expect(gradeText(es, 'Ungraded')).toBe('Ungraded');
    expect(gradeOrNoneText(en, null)).toBe(gradeOrNone(null));
    expect(gradeOrNoneText(es, 'None')).toBe('Sin grado');
    expect(houseOrNoneText(en, 'None')).toBe(houseOrNone('None'));
    expect(houseOrNoneText(es, null)).toBe('Sin casa');
    expect(houseOrNoneText(es, 'amistad')).toBe('Amistad');
  });

  it('names months by Intl', () => {
    expect(monthText('en', '2026-10')).toBe(monthLabel('2026-10'));
    expect(monthText('en', '2026-02-28', 'short')).toBe(monthLabel('2026-02-28', 'short'));
    expect(monthText('es', '2026-10-01')).toBe('octubre de 2026');
  });

  it('names the school’s currency in the columns that sum it, and counts as counts', () => {
    expect(en(REPORT_COLUMN_KEYS.earned)).toBe('Estrellas earned');
    expect(es(REPORT_COLUMN_KEYS.earned)).toBe('Estrellas ganados');
    expect(es(REPORT_COLUMN_KEYS.balance)).toBe('Saldo (Estrellas)');
    for (const [key, label] of Object.entries(REPORT_COLUMN_LABELS)) {
      const k = key as keyof typeof REPORT_COLUMN_KEYS;
      // The catalogue's English is the server's, with the currency's name for "points".
      expect(en(REPORT_COLUMN_KEYS[k]).replace('Estrellas', 'points').toLowerCase(), key).toBe(
        label.toLowerCase(),
      );
    }
  });

  it('names categories and report ranges in the screens’ language', () => {
    expect(categoryText(es, 'Daily Behavior')).toBe('Conducta diaria');
    expect(categoryText(en, 'Store')).toBe('Store');
    expect(categoryText(es, 'Something new')).toBe('Something new');
    const past = [
      { yearStart: '2024-08-01', yearEnd: '2025-06-30' },
      { yearStart: '2023-08-01', yearEnd: '2024-06-30' },
    ];
    const span = { yearStart: '2025-08-01', yearEnd: '2026-06-30' };
    const ranges = reportRanges(span, '2025-11-19', past);
    expect(ranges.map((r) => rangeLabelText(en, 'en', r))).toEqual(ranges.map((r) => r.label));
    expect(ranges.map((r) => rangeLabelText(es, 'es', r))).toEqual([
      'Esta semana',
      'Este mes',
      'En lo que va del año',
      ...[
        'agosto de 2025',
        'septiembre de 2025',
        'octubre de 2025',
        'noviembre de 2025',
        'diciembre de 2025',
        'enero de 2026',
        'febrero de 2026',
        'marzo de 2026',
        'abril de 2026',
        'mayo de 2026',
        'junio de 2026',
      ],
      'Ciclo escolar anterior (2024-25)',
      'Ciclo escolar 2023-24',
    ]);
  });

  it('names every survey, its question and its choices in both languages', () => {
    for (const s of SURVEYS) {
      expect(surveyText(en, s), s.name).toEqual({ title: s.title, question: s.question });
      expect(surveyText(es, s).question, s.name).toMatch(/^¿.+\?$/);
      for (const c of s.choices) {
        expect(surveyChoiceText(en, c.label)).toBe(c.label);
        expect(surveyChoiceText(es, c.label), c.label).not.toBe(c.label);
      }
    }
    expect(surveyChoiceText(es, 'Neither easy nor hard')).toBe('Ni fácil ni difícil');
  });
});

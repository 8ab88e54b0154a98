import { describe, expect, it } from 'vitest';
import { en, es, t, type MessageKey } from '../src/i18n/index.js';
import { LANGUAGES, PAGE_WORDS } from '../src/index.js';

/*
 * One word for each screen in each language (issue 32): the navigation, the home page's tiles and
 * the browser tab name a page by PAGE_WORDS; the page's own heading may use its area's key, which
 * must then say the same words.
 */

/** The heading key of each page whose PageHeader does not use its PAGE_WORDS key itself. */
const HEADINGS: [page: keyof typeof PAGE_WORDS, heading: MessageKey][] = [
  ['My Activity', 'activity.title'],
  ['Calendar', 'calendar.title'],
  ['Bonuses & Flags', 'classroom.bonusesFlagsTitle'],
  ['Class', 'classroom.class'],
  ['Classes', 'classroom.classesTitle'],
  ['Pay Period Breakdown', 'dashboard.breakdownTitle'],
  ['Dashboard', 'dashboard.title'],
  ['District', 'district.title'],
  ['Family', 'guardian.family.title'],
  ['My Orders', 'orders.myOrders'],
  ['Orders', 'orders.title'],
  ['Reports', 'reports.title'],
  ['Rosters', 'rosters.title'],
  ['Settings', 'settings.title'],
  ['My Store', 'store.myStore'],
  ['Store', 'store.title'],
];

const merits = { currency: 'Merits', currencyOne: 'Merit' };
const meritos = { currency: 'Méritos', currencyOne: 'Mérito' };

describe('the name of a screen', () => {
  it.each(LANGUAGES)('is the same in the menu, the tab and the heading (%s)', (lang) => {
    const words = lang === 'en' ? en : es;
    for (const [page, heading] of HEADINGS)
      expect(words[heading], `${page}: ${heading}`).toBe(words[PAGE_WORDS[page]]);
  });

  it('is "Informes" for the reports in Spanish, everywhere', () => {
    expect(es['layout.pageReports']).toBe('Informes');
    const reporte = Object.entries(es).filter(([, text]) => /\breportes?\b/i.test(text));
    expect(reporte).toEqual([]);
  });
});

describe('a count agrees with its words', () => {
  it('buying one item or several', () => {
    expect(t('es', 'store.yesBuyThem', { count: 1 })).toBe('Sí, comprarlo');
    expect(t('es', 'store.yesBuyThem', { count: 3 })).toBe('Sí, comprarlos');
    expect(t('en', 'store.yesBuyThem', { count: 1 })).toBe('Yes, buy it');
    expect(t('en', 'store.yesBuyThem', { count: 3 })).toBe('Yes, buy them');
    expect(t('es', 'store.refuseOnlyLeft', { stock: 1 })).toBe('Solo queda 1');
    expect(t('es', 'store.refuseOnlyLeft', { stock: 2 })).toBe('Solo quedan 2');
  });

  it('opening a year, moving orders, picking students, custom actions, member levels', () => {
    const year = (lang: 'en' | 'es', leaving: number, kept: number, refunded: number) =>
      t(lang, 'settings.year.preview', {
        ...(lang === 'en' ? merits : meritos),
        promoted: 2,
        leaving,
        policy: 'carry',
        cap: 0,
        kept,
        refunded,
      });
    expect(year('en', 1, 1, 1)).toContain('1 leaves the school');
    expect(year('en', 2, 0, 0)).toContain('2 leave the school');
    expect(year('es', 1, 1, 1)).toContain('1 se conserva, 1 se reembolsa');
    expect(year('es', 1, 3, 2)).toContain('3 se conservan, 2 se reembolsan');
    expect(t('es', 'orders.skipped', { updated: 1, skipped: 1, status: 'entregado' })).toBe(
      '1 cambiado; 1 no pudo pasar a entregado desde su estado.',
    );
    expect(t('en', 'orders.skipped', { updated: 2, skipped: 3, status: 'redeemed' })).toBe(
      '2 changed; 3 could not move to redeemed from their status.',
    );
    expect(t('es', 'classroom.selectedOf', { selected: 1, total: 30 })).toBe(
      '1 seleccionado de 30',
    );
    expect(t('es', 'giving.customLeft', { left: 1, limit: 3, kind: 'Bonuses' })).toBe(
      'Queda 1 de 3 bonos personalizados.',
    );
    expect(t('en', 'giving.actionPoints', { points: '+1', count: 1 })).toBe(' +1 point');
    expect(t('es', 'giving.actionPoints', { points: '-3', count: 3 })).toBe(' -3 puntos');
    expect(t('es', 'activity.toNextMember', { count: 1, level: 'Plata' })).toBe(
      ' · 1 más ganado para ser miembro Plata',
    );
    expect(t('en', 'activity.toNextMember', { count: 1200, level: 'Silver' })).toBe(
      ' · 1,200 more earned for Silver member status',
    );
  });
});

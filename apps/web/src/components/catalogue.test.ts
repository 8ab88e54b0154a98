import { describe, expect, it } from 'vitest';
import { t } from '@app/domain/i18n';
import type { Product } from '../api';
import type { Translate } from '../i18n/useT';
import { filterProducts, sectionsOf, stockText, storeTitle } from './catalogue';

const p = (over: Partial<Product>): Product => ({
  _id: over.name ?? 'x',
  name: 'x',
  description: '',
  category: 'Items',
  price: 10,
  stock: null,
  limitPerStudent: null,
  image: null,
  active: true,
  store: 'School',
  teacher: null,
  ...over,
});
const kim = { _id: 't1', firstName: 'Ana', lastName: 'Kim' };
const lee = { _id: 't2', firstName: 'Bo', lastName: 'Lee' };

describe('the catalogue', () => {
  const list = [
    p({ name: 'Sticker', price: 5 }),
    p({
      name: 'Lunch with the principal',
      category: 'Privileges',
      price: 200,
      description: 'A special lunch',
    }),
    p({ name: 'Homework pass', category: 'Privileges', price: 50, store: 'Teacher', teacher: lee }),
    p({ name: 'Pencil', price: 5, store: 'Teacher', teacher: kim }),
  ];

  it('filters by category, search (name or description) and what is affordable', () => {
    expect(filterProducts(list, { category: 'Privileges', search: '' }).map((x) => x.name)).toEqual(
      ['Homework pass', 'Lunch with the principal'],
    );
    expect(filterProducts(list, { category: 'All', search: 'special' }).map((x) => x.name)).toEqual(
      ['Lunch with the principal'],
    );
    expect(
      filterProducts(list, { category: 'All', search: '', affordableWithin: 50 }).map(
        (x) => x.name,
      ),
    ).toEqual(['Pencil', 'Sticker', 'Homework pass']);
  });

  it('groups by store, the school store first, then teachers by name', () => {
    expect(sectionsOf(list).map((s) => [s.title, s.products.length])).toEqual([
      ['School store', 2],
      ["Ana Kim's store", 1],
      ["Bo Lee's store", 1],
    ]);
    expect(storeTitle({ store: 'fonts', teacher: null })).toBe('Fonts');
  });

  it('says how many are left', () => {
    expect([stockText(null), stockText(0), stockText(3)]).toEqual([
      'Unlimited',
      'Sold out',
      '3 left',
    ]);
  });
});

describe('the catalogue in the screens’ language', () => {
  const say =
    (lang: 'en' | 'es'): Translate =>
    (key, values) =>
      t(lang, key, { currency: 'Merits', currencyOne: 'Merit', ...(values as object) });
  const kim = { _id: 't1', firstName: 'Ana', lastName: 'Kim' };

  it('names the stores and the stock as the English functions do, and in Spanish', () => {
    for (const p of [
      { store: 'School' as const, teacher: null },
      { store: 'Teacher' as const, teacher: kim },
      { store: 'Teacher' as const, teacher: null },
      { store: 'fonts' as const, teacher: null },
    ])
      expect(storeTitle(p, say('en'))).toBe(storeTitle(p));
    for (const n of [null, 0, 3]) expect(stockText(n, say('en'))).toBe(stockText(n));
    expect(storeTitle({ store: 'Teacher', teacher: kim }, say('es'))).toBe('Tienda de Ana Kim');
    expect([stockText(null, say('es')), stockText(0, say('es')), stockText(1, say('es'))]).toEqual([
      'Sin límite',
      'Agotado',
      'Queda 1',
    ]);
  });
});

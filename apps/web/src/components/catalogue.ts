import { fullName, type StoreItemCategory } from '@app/domain';
import type { Translate } from '../i18n/useT';
import type { Order, Product } from '../api';

/** One store's products as the student sees them: the school store first, then each teacher's. */
export interface StoreSection {
  key: string;
  title: string;
  products: Product[];
}

export type CategoryFilter = StoreItemCategory | 'All';

export interface CatalogueFilter {
  category: CategoryFilter;
  search: string;
  /** Only what the student can still buy with what is left after the cart. */
  affordableWithin?: number | null;
}

const matchesSearch = (p: Product, search: string): boolean => {
  const q = search.trim().toLowerCase();
  return !q || p.name.toLowerCase().includes(q) || p.description.toLowerCase().includes(q);
};

/** The products shown for the filter, each store's by price then name. */
export function filterProducts(list: readonly Product[], f: CatalogueFilter): Product[] {
  return list
    .filter(
      (p) => (f.category === 'All' || p.category === f.category) && matchesSearch(p, f.search),
    )
    .filter(
      (p) =>
        f.affordableWithin === undefined ||
        f.affordableWithin === null ||
        p.price <= f.affordableWithin,
    )
    .sort((a, b) => a.price - b.price || a.name.localeCompare(b.name));
}

/**
 * "Jordan Lee's store" for a teacher's; "School store" for the school's. In English (files), or in
 * the screens' language with their `t` (useT).
 */
export const storeTitle = (
  p: Pick<Product, 'store' | 'teacher'> | Pick<Order, 'store' | 'teacher'>,
  t?: Translate,
): string => {
  if (t) {
    if (p.store === 'School') return t('common.schoolStore');
    if (p.store === 'Teacher')
      return p.teacher
        ? t('common.teacherStoreOf', { name: fullName(p.teacher) })
        : t('common.teacherStore');
    return t(p.store === 'fonts' ? 'common.fontsStore' : 'common.iconsStore');
  }
  if (p.store === 'School') return 'School store';
  if (p.store === 'Teacher') return p.teacher ? `${fullName(p.teacher)}'s store` : 'Teacher store';
  return p.store === 'fonts' ? 'Fonts' : 'Profile icons';
};

/** Products grouped by store: the school's first, then teachers' by name; empty stores left out. */
export function sectionsOf(list: readonly Product[], t?: Translate): StoreSection[] {
  const bySection = new Map<string, StoreSection>();
  for (const p of list) {
    const key = p.store === 'School' ? 'School' : `Teacher:${p.teacher?._id ?? ''}`;
    let s = bySection.get(key);
    if (!s) bySection.set(key, (s = { key, title: storeTitle(p, t), products: [] }));
    s.products.push(p);
  }
  return [...bySection.values()].sort((a, b) =>
    a.key === 'School' ? -1 : b.key === 'School' ? 1 : a.title.localeCompare(b.title),
  );
}

/** "12 left", "Unlimited", "Sold out"; in the screens' language with their `t` (useT). */
export const stockText = (stock: number | null, t?: Translate): string => {
  if (t)
    return stock === null
      ? t('common.stockUnlimited')
      : stock <= 0
        ? t('common.stockSoldOut')
        : t('common.stockLeft', { count: stock });
  return stock === null ? 'Unlimited' : stock <= 0 ? 'Sold out' : `${stock} left`;
};

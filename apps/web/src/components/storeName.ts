import { fullName } from '@app/domain';
import type { Order, Product } from '../api';
import type { Translate } from '../i18n/useT';

/** "Jordan Lee's store" for a teacher's; "School store" for the school's; fonts and icons for those orders. */
export function storeName(
  t: Translate,
  p: Pick<Product, 'store' | 'teacher'> | Pick<Order, 'store' | 'teacher'>,
): string {
  if (p.store === 'School') return t('store.schoolStore');
  if (p.store === 'Teacher')
    return p.teacher
      ? t('store.teacherStore', { name: fullName(p.teacher) })
      : t('store.teacherStoreNoName');
  return t(p.store === 'fonts' ? 'store.fonts' : 'store.profileIcons');
}

import type { MemberStatusLevel, MessageKey, StoreItemCategory } from '@app/domain';
import type { Translate, Values } from '../../i18n/useT';

/** A message still to be put in words: its key and values, translated where it is shown. */
export interface Words {
  key: MessageKey;
  values?: Values;
}

const CATEGORY_KEYS: Record<StoreItemCategory, MessageKey> = {
  Items: 'store.categoryItems',
  Privileges: 'store.categoryPrivileges',
  Events: 'store.categoryEvents',
};

/** A product category's name ("Items"), or the category as it is when it is not one of ours. */
export const categoryName = (t: Translate, category: string): string =>
  category in CATEGORY_KEYS ? t(CATEGORY_KEYS[category as StoreItemCategory]) : category;

const LEVEL_KEYS: Record<MemberStatusLevel, MessageKey> = {
  Bronze: 'store.levelBronze',
  Silver: 'store.levelSilver',
  Gold: 'store.levelGold',
  Platinum: 'store.levelPlatinum',
  Ruby: 'store.levelRuby',
  Emerald: 'store.levelEmerald',
};

/** A member level's name ("Bronze"), or the level as it is when it is not one of ours. */
export const levelName = (t: Translate, level: string): string =>
  level in LEVEL_KEYS ? t(LEVEL_KEYS[level as MemberStatusLevel]) : level;

/** Each member level's icon theme (docs/spec.md section 9). */
export const THEME_KEYS: Record<MemberStatusLevel, MessageKey> = {
  Bronze: 'store.themeBronze',
  Silver: 'store.themeSilver',
  Gold: 'store.themeGold',
  Platinum: 'store.themePlatinum',
  Ruby: 'store.themeRuby',
  Emerald: 'store.themeEmerald',
};

/** "12 left", "Unlimited", "Sold out". */
export const stockWords = (t: Translate, stock: number | null): string =>
  stock === null
    ? t('store.stockUnlimited')
    : stock <= 0
      ? t('store.stockSoldOut')
      : t('store.stockLeft', { count: stock });

/** "35 Merits", "1 Merit": an amount in the school's currency. */
export const points = (t: Translate, n: number): string => t('common.points', { count: n });

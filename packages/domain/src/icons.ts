import { ICON_THEMES } from './icons-data.js';
import { msg, type Message } from './message.js';
import { orderProblemMessage, pointsProblem } from './orders.js';
import { EMOJI_PRICES, isLevelUnlocked, type MemberStatusLevel } from './tiers.js';

/** Black-and-white Icons cost nothing; coloured Emojis cost their level's price (docs/spec.md section 9). */
export type IconKind = 'Icons' | 'Emojis';

export interface IconOption {
  id: string;
  name: string;
  memberStatusLevel: MemberStatusLevel;
  price: number;
  /** The openmoji svg file name; `iconImagePath` says where the server serves it. */
  image: string;
  kind: IconKind;
}

/** The profile icons: each theme entry of each member level as an Icon and as an Emoji. */
export const ICONS: readonly IconOption[] = ICON_THEMES.flatMap(([hex, name, level]) => [
  {
    id: `icon-${hex.toLowerCase()}`,
    name,
    memberStatusLevel: level,
    price: 0,
    image: `${hex}.svg`,
    kind: 'Icons' as const,
  },
  {
    id: `emoji-${hex.toLowerCase()}`,
    name,
    memberStatusLevel: level,
    price: EMOJI_PRICES[level],
    image: `${hex}.svg`,
    kind: 'Emojis' as const,
  },
]);

/** Where the server serves an icon's picture (black-and-white or coloured openmoji svg). */
export const iconImagePath = (i: Pick<IconOption, 'kind' | 'image'>): string =>
  `/icons/${i.kind === 'Icons' ? 'black' : 'color'}/${i.image}`;

export const CUSTOMIZATION_CATEGORIES = ['fonts', 'icons'] as const;
export type CustomizationCategory = (typeof CUSTOMIZATION_CATEGORIES)[number];

export const iconLocked = (level: MemberStatusLevel): Message => msg('msg.iconLocked', { level });
export const alreadyOwned: Message = msg('msg.alreadyOwned');

/**
 * Why a student may not buy a font or icon (null when they may): owned already (bought once, for
 * good), an icon above the student's member level, then the balance rules of any purchase.
 */
export function customizationRefusal(c: {
  option: { price: number; memberStatusLevel?: MemberStatusLevel };
  owned: boolean;
  studentLevel: MemberStatusLevel;
  balance: number;
  today: string;
  yearEnd: string;
}): Message | null {
  if (c.owned) return alreadyOwned;
  if (c.option.memberStatusLevel && !isLevelUnlocked(c.studentLevel, c.option.memberStatusLevel))
    return iconLocked(c.option.memberStatusLevel);
  if (c.today > c.yearEnd) return msg('msg.schoolYearEnded');
  const points = pointsProblem(c.option.price, c.balance);
  return points && orderProblemMessage(points, 'student');
}

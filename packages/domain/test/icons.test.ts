import { describe, expect, it } from 'vitest';
import {
  alreadyOwned,
  customizationRefusal as customizationRefusalOf,
  EMOJI_PRICES,
  iconImagePath,
  iconLocked,
  ICONS,
  MEMBER_STATUS_LEVELS,
  MSG,
  type MemberStatusLevel,
  englishOf,
  type Message,
} from '../src/index.js';

/** The refusals read as their English text. */
const textOf = (m: Message | null) => m && englishOf(m);
const customizationRefusal = (...a: Parameters<typeof customizationRefusalOf>) =>
  textOf(customizationRefusalOf(...a));

describe('ICONS (docs/spec.md section 9)', () => {
  it('about 290: each theme entry of each level as a free black-and-white Icon and a priced coloured Emoji', () => {
    expect(ICONS.length).toBeGreaterThanOrEqual(280);
    expect(ICONS.length).toBeLessThanOrEqual(300);
    for (const [level] of MEMBER_STATUS_LEVELS) {
      const mine = ICONS.filter((i) => i.memberStatusLevel === level);
      expect(mine.length, level).toBeGreaterThanOrEqual(40);
      expect(mine.filter((i) => i.kind === 'Icons').every((i) => i.price === 0)).toBe(true);
      expect(
        mine.filter((i) => i.kind === 'Emojis').every((i) => i.price === EMOJI_PRICES[level]),
      ).toBe(true);
    }
    expect(EMOJI_PRICES).toEqual({
      Bronze: 50,
      Silver: 60,
      Gold: 70,
      Platinum: 80,
      Ruby: 90,
      Emerald: 100,
    });
  });

  it('ids are unique; pictures are openmoji svg files, black for Icons and colour for Emojis', () => {
    expect(new Set(ICONS.map((i) => i.id)).size).toBe(ICONS.length);
    for (const i of ICONS) expect(i.image).toMatch(/^[0-9A-F]{4,5}\.svg$/);
    const face = ICONS.find((i) => i.id === 'emoji-1f600')!;
    expect(face).toMatchObject({
      name: 'Grinning face',
      memberStatusLevel: 'Bronze',
      kind: 'Emojis',
      price: 50,
    });
    expect(iconImagePath(face)).toBe('/icons/color/1F600.svg');
    expect(iconImagePath(ICONS.find((i) => i.id === 'icon-1f600')!)).toBe('/icons/black/1F600.svg');
  });
});

describe('customizationRefusal', () => {
  const base = {
    option: { price: 60, memberStatusLevel: 'Silver' as MemberStatusLevel },
    owned: false,
    studentLevel: 'Gold' as MemberStatusLevel,
    balance: 100,
    today: '2026-03-01',
    yearEnd: '2026-06-30',
  };
  it.each([
    ['allowed', base, null],
    ['owned already', { ...base, owned: true }, englishOf(alreadyOwned)],
    [
      'above the level',
      { ...base, studentLevel: 'Bronze' as MemberStatusLevel },
      englishOf(iconLocked('Silver')),
    ],
    [
      'a font has no level',
      { ...base, option: { price: 100 }, studentLevel: 'Bronze' as MemberStatusLevel },
      null,
    ],
    ['after the year', { ...base, today: '2026-07-01' }, MSG.schoolYearEnded],
    ['negative balance', { ...base, balance: -1, option: { price: 0 } }, MSG.balanceNegative],
    ['not enough points', { ...base, balance: 20 }, MSG.keepWorking(40)],
  ])('%s', (_, input, message) => {
    expect(customizationRefusal(input)).toBe(message);
  });
});

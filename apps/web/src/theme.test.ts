import { describe, expect, test } from 'vitest';
import { alpha, DEFAULT_THEME } from '@mantine/core';
import { contrast, over, readableTuple, SURFACES, tintsOf, tupleFrom } from './contrast';
import { paletteByRule, paletteFile } from './palette-rule';
import { cssVariablesResolver, theme, tintBases } from './theme';

const AA = 4.5;
const colors = Object.entries(theme.colors ?? {}) as [string, readonly string[]][];

describe('contrast', () => {
  test('matches the WCAG formula at its ends and for known pairs', () => {
    expect(contrast('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrast('#ffffff', '#ffffff')).toBe(1);
    // Mantine's teal-6 and gray-6 on white, as axe reports them.
    expect(contrast('#12b886', '#ffffff')).toBeCloseTo(2.55, 2);
    expect(contrast('#868e96', '#ffffff')).toBeCloseTo(3.32, 2);
  });

  test('paints a colour at an alpha over another', () => {
    expect(over('#000000', 0.5, '#ffffff')).toBe('#808080');
    expect(over('#123456', 1, '#ffffff')).toBe('#123456');
  });
});

describe('the theme palette reaches AA', () => {
  test('palette.ts is the output of the rule (written once, not computed by each page)', async () => {
    await expect(paletteFile(paletteByRule())).toMatchFileSnapshot('./palette.ts');
  });

  test.for(colors)('%s: text shade 6 on the surfaces, and white on it', ([, tuple]) => {
    for (const surface of SURFACES) expect(contrast(tuple[6]!, surface)).toBeGreaterThanOrEqual(AA);
    expect(contrast(tuple[6]!, '#ffffff')).toBeGreaterThanOrEqual(AA);
  });

  test.for(colors)('%s: light-variant text (shade 7) on its tints', ([name, tuple]) => {
    for (const tint of tintsOf(tintBases[name]!))
      expect(contrast(tuple[7]!, tint)).toBeGreaterThanOrEqual(AA);
  });

  test.for(colors)('%s: shades 6–9 get darker, tints 0–5 are kept', ([name, tuple]) => {
    const lum = (hex: string) => contrast(hex, '#ffffff');
    for (let i = 7; i <= 9; i++) expect(lum(tuple[i]!)).toBeGreaterThan(lum(tuple[i - 1]!));
    expect(tuple).toHaveLength(10);
    const mantine = DEFAULT_THEME.colors[name as keyof typeof DEFAULT_THEME.colors];
    if (mantine) expect(tuple.slice(0, 6)).toEqual(mantine.slice(0, 6));
    // A house: tints of its brand colour, lighter to darker.
    else for (let i = 1; i <= 6; i++) expect(lum(tuple[i]!)).toBeGreaterThan(lum(tuple[i - 1]!));
  });

  test('the light variant writes with shade 7 on the tints of the original colour', () => {
    const vars = cssVariablesResolver(theme as never).light;
    for (const [name] of colors) {
      expect(vars[`--mantine-color-${name}-light-color`]).toBe(`var(--mantine-color-${name}-7)`);
      expect(vars[`--mantine-color-${name}-light`]).toBe(alpha(tintBases[name]!, 0.1));
      expect(vars[`--mantine-color-${name}-light-hover`]).toBe(alpha(tintBases[name]!, 0.12));
    }
    expect(tintBases.teal).toBe('#12b886');
  });

  test('a colour that already passes is left as it is', () => {
    const dark = [
      '#eee',
      '#ddd',
      '#ccc',
      '#bbb',
      '#aaa',
      '#999',
      '#333333',
      '#222222',
      '#111111',
      '#000000',
    ];
    expect(readableTuple(dark).slice(6)).toEqual(['#333333', '#222222', '#111111', '#000000']);
  });

  test('a house colour keeps its hue family', () => {
    const t = tupleFrom('#d64545');
    expect(contrast(t[6], '#ffffff')).toBeGreaterThanOrEqual(AA);
    const [r, g, b] = [1, 3, 5].map((i) => parseInt(t[6].slice(i, i + 2), 16)) as [
      number,
      number,
      number,
    ];
    expect(r).toBeGreaterThan(g * 2);
    expect(g).toBe(b);
  });
});

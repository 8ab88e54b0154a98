/**
 * Colour contrast (WCAG 2.1) and Mantine colour tuples whose text shades meet it.
 *
 * Mantine paints a colour's text, its filled backgrounds (under white text) and its light
 * variant's text (on a 10 % tint of itself) with the tuple's primary shade, 6. In Mantine's own
 * palette that shade is too light for AA in most hues (teal 2.5:1, orange 2.6:1, gray 3.3:1,
 * grape 4.0:1 on white). `readableTuple` keeps shades 0–5 (tints, backgrounds, borders) and
 * darkens shades 6–9 along the same hue just enough to reach the text minimum on the backgrounds
 * the app paints them on; the theme points the light variant's text at shade 7 and keeps its
 * background the tint of the original shade 6, so light badges, buttons and the active
 * navigation link look as before.
 */
import type { MantineColorsTuple } from '@mantine/core';

type Rgb = readonly [number, number, number];

/** AA asks 4.5:1 for body text; a little margin absorbs rounding in blending and in tools. */
const TEXT_CONTRAST = 4.6;

/** The surfaces text sits on: cards (white) and the app's page background (Mantine gray-0). */
export const SURFACES = ['#ffffff', '#f8f9fa'] as const;

/** The alphas of Mantine's light variant backgrounds (`-light`, `-light-hover`) over a surface. */
export const TINT_ALPHAS = { light: 0.1, 'light-hover': 0.12 } as const;

function parseHex(hex: string): Rgb {
  const h = hex.replace('#', '');
  const full = h.length === 3 ? [...h].map((c) => c + c).join('') : h;
  return [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16)) as unknown as Rgb;
}

const toHex = (rgb: Rgb): string =>
  `#${rgb
    .map((c) =>
      Math.round(Math.min(255, Math.max(0, c)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;

function luminance([r, g, b]: Rgb): number {
  const lin = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

/** The WCAG contrast ratio of two opaque colours (1 to 21). */
export function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(parseHex(a)), luminance(parseHex(b))].sort((x, y) => y - x) as [
    number,
    number,
  ];
  return (hi + 0.05) / (lo + 0.05);
}

/** `fg` at `alpha` painted over the opaque `bg`. */
export const over = (fg: string, alpha: number, bg: string): string => {
  const f = parseHex(fg);
  const b = parseHex(bg);
  return toHex([0, 1, 2].map((i) => f[i]! * alpha + b[i]! * (1 - alpha)) as unknown as Rgb);
};

/** The same hue, darker: every channel scaled by 1 − amount (hue and saturation are kept). */
const darken = (hex: string, amount: number): string =>
  toHex(parseHex(hex).map((c) => c * (1 - amount)) as unknown as Rgb);

/** The light variant's tints of `shade` on every surface. */
export const tintsOf = (shade: string): string[] =>
  SURFACES.flatMap((surface) =>
    Object.values(TINT_ALPHAS).map((alpha) => over(shade, alpha, surface)),
  );

const readableOn = (shade: string, backgrounds: readonly string[]) =>
  backgrounds.every((bg) => contrast(shade, bg) >= TEXT_CONTRAST);

/** `hex` darkened by the least amount (in 1 % steps) that makes it readable on `backgrounds`. */
function darkestNeeded(hex: string, backgrounds: (shade: string) => readonly string[]): string {
  for (let amount = 0; amount < 1; amount += 0.01) {
    const shade = darken(hex, amount);
    if (readableOn(shade, backgrounds(shade))) return shade;
  }
  return '#000000';
}

/**
 * A tuple whose text shades reach AA, darkened along their own hue:
 * - 6 (text, `dimmed`, filled backgrounds under white text) on the surfaces;
 * - 7 (the light and subtle variants' text) on the light tints of the original shade 6, which
 *   the theme keeps as the light variant's background (theme.ts `cssVariablesResolver`);
 * - 8 and 9 each a step darker again (Mantine's hover shade is the next one).
 */
export function readableTuple(tuple: readonly string[]): MantineColorsTuple {
  const out = [...tuple];
  out[6] = darkestNeeded(tuple[6]!, () => SURFACES);
  const tints = tintsOf(tuple[6]!);
  for (let i = 7; i <= 9; i++) {
    const needed =
      i === 7 ? darkestNeeded(darken(out[6], 0.08), () => tints) : darken(out[i - 1]!, 0.1);
    // Mantine's own shade is kept where it is darker still.
    out[i] = luminance(parseHex(tuple[i]!)) < luminance(parseHex(needed)) ? tuple[i]! : needed;
  }
  return out as unknown as MantineColorsTuple;
}

/** A ten-shade tuple around one brand colour: tints of it for 0–5, the colour itself from 6. */
export function tupleFrom(base: string): MantineColorsTuple {
  const tints = [0.06, 0.14, 0.26, 0.42, 0.6, 0.8].map((alpha) => over(base, alpha, '#ffffff'));
  return readableTuple([...tints, base, base, base, base]);
}

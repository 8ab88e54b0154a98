import { DEFAULT_THEME, type MantineColorsTuple } from '@mantine/core';
import { HOUSE_COLORS, HOUSES } from '@app/domain';
import { readableTuple, tupleFrom } from './contrast';

/**
 * Mantine's palette with every hue's text shades darkened along the hue to WCAG AA (see
 * contrast.ts): 6 for text, `dimmed` (gray) and filled backgrounds under white text, 7 for the
 * light and subtle variants' text. Tints (0–5) are Mantine's own. Each house is a theme colour
 * named after it, built around its brand colour.
 */
export const paletteByRule = (): Record<string, MantineColorsTuple> => ({
  ...Object.fromEntries(
    Object.entries(DEFAULT_THEME.colors)
      .filter(([name]) => name !== 'dark')
      .map(([name, tuple]) => [name, readableTuple(tuple)]),
  ),
  ...Object.fromEntries(HOUSES.map((h) => [h, tupleFrom(HOUSE_COLORS[h])])),
});

/** palette.ts's text for a palette (theme.test.ts checks the file is the rule's output). */
export function paletteFile(palette: Record<string, MantineColorsTuple>): string {
  const entries = Object.entries(palette)
    .map(
      ([name, tuple]) =>
        `  ${JSON.stringify(name)}: [\n${tuple.map((c) => `    '${c}',`).join('\n')}\n  ],`,
    )
    .join('\n');
  return `import type { MantineColorsTuple } from '@mantine/core';

/**
 * The theme's palette, written by palette-rule.ts's rule (WCAG AA text shades) so that no page
 * computes it while it starts (about 50 ms on a phone, issue 35). theme.test.ts fails when this
 * file is not the rule's output: \`npx vitest run --project web apps/web/src/theme.test.ts -u\`
 * writes it again.
 */
export const PALETTE: Record<string, MantineColorsTuple> = {
${entries}
};
`;
}

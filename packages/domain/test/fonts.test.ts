import { describe, expect, it } from 'vitest';
import { FONT_PRICES, FONTS } from '../src/index.js';

/** docs/spec.md section 9. */
const PRICES: [string, number][] = [
  ['Alegreya Sans', 0],
  ['DM Sans', 0],
  ['Nunito', 0],
  ['Oswald', 0],
  ['Rubik', 0],
  ['Comfortaa', 100],
  ['Saira', 100],
  ['Space Mono', 100],
  ['Urbanist', 100],
  ['Kalam', 150],
  ['Shantell Sans', 150],
  ['Sofia', 150],
  ['Anton', 200],
  ['Julius Sans One', 200],
  ['Playwrite IN', 200],
];

describe('FONTS', () => {
  it('has the fifteen fonts of the spec', () => {
    expect(FONTS).toHaveLength(15);
    expect(FONTS.map((f) => f.name).sort()).toEqual(PRICES.map(([n]) => n).sort());
    expect(Object.keys(FONT_PRICES)).toHaveLength(15);
  });

  it.each(PRICES)('%s costs %i', (name, price) => {
    const font = FONTS.find((f) => f.name === name);
    expect(font).toBeDefined();
    expect(font!.price).toBe(price);
    expect(font!.fontFamily).toContain(name);
    expect(font!.image).toMatch(/^[a-z0-9-]+\.svg$/);
  });

  it('ids and images are unique', () => {
    expect(new Set(FONTS.map((f) => f.id)).size).toBe(15);
    expect(new Set(FONTS.map((f) => f.image)).size).toBe(15);
  });
});

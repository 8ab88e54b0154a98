import { describe, expect, it } from 'vitest';
import {
  CARD_ALPHABET,
  cardCheckSymbol,
  cardSignInName,
  formatCardCode,
  normalizeCardCode,
  signInCardsBody,
  signInCardsPdfQuery,
} from '../src/index.js';

/** A code of the given random symbols, with its check symbol. */
const code = (random: string) => random + cardCheckSymbol(random);
const SAMPLE = code('K7QH3MZP9TXAB4');

describe('sign-in card codes (docs/decisions/133-sign-in-cards.md)', () => {
  it('prints in three groups of five and reads back as typed, in any case, with or without separators', () => {
    expect(SAMPLE).toHaveLength(15);
    const printed = formatCardCode(SAMPLE);
    expect(printed).toMatch(/^[0-9A-Z]{5}-[0-9A-Z]{5}-[0-9A-Z]{5}$/);
    for (const typed of [
      printed,
      SAMPLE,
      printed.toLowerCase(),
      ` ${printed.replace(/-/g, ' ')} `,
      printed.replace(/-/g, '  -  '),
    ])
      expect(normalizeCardCode(typed), typed).toBe(SAMPLE);
  });

  it('reads O as 0 and I or L as 1', () => {
    const c = code('0011000000000A');
    expect(normalizeCardCode(c.replace(/0/g, 'O').replace(/1/, 'I').replace(/1/, 'l'))).toBe(c);
  });

  it('refuses a wrong length, a symbol outside the alphabet, and every single-symbol typo', () => {
    expect(normalizeCardCode(SAMPLE.slice(1))).toBeNull();
    expect(normalizeCardCode(`${SAMPLE}0`)).toBeNull();
    expect(normalizeCardCode(`U${SAMPLE.slice(1)}`)).toBeNull();
    expect(normalizeCardCode('')).toBeNull();
    for (let i = 0; i < SAMPLE.length; i++)
      for (const c of CARD_ALPHABET) {
        if (c === SAMPLE[i]) continue;
        const typo = SAMPLE.slice(0, i) + c + SAMPLE.slice(i + 1);
        expect(normalizeCardCode(typo), typo).toBeNull();
      }
  });

  it('catches most neighbours typed the wrong way round', () => {
    let caught = 0;
    let swaps = 0;
    for (let i = 0; i + 1 < SAMPLE.length; i++) {
      if (SAMPLE[i] === SAMPLE[i + 1]) continue;
      swaps++;
      const swapped = SAMPLE.slice(0, i) + SAMPLE[i + 1] + SAMPLE[i] + SAMPLE.slice(i + 2);
      if (normalizeCardCode(swapped) === null) caught++;
    }
    expect(caught).toBeGreaterThanOrEqual(swaps - 1);
  });

  it('limits guesses under the first four symbols', () => {
    expect(cardSignInName(SAMPLE)).toBe(`card:${SAMPLE.slice(0, 4)}`);
  });
});

describe('the printing calls', () => {
  const id = '3f0e2a4c-5b6d-4e7f-8a9b-0c1d2e3f4a5b';
  it('take the students named or a class, exactly one of the two', () => {
    expect(signInCardsBody.safeParse({ studentIds: [id] }).success).toBe(true);
    expect(signInCardsBody.safeParse({ periodId: id }).success).toBe(true);
    expect(signInCardsBody.safeParse({}).success).toBe(false);
    expect(signInCardsBody.safeParse({ periodId: id, studentIds: [id] }).success).toBe(false);
    expect(signInCardsBody.safeParse({ studentIds: [] }).success).toBe(false);
  });

  it('the PDF reads a comma-separated list and the paper, letter by default', () => {
    expect(signInCardsPdfQuery.parse({ studentIds: `${id},${id}` })).toMatchObject({
      studentIds: [id, id],
      paper: 'letter',
    });
    expect(signInCardsPdfQuery.parse({ periodId: id, paper: 'a4' }).paper).toBe('a4');
    expect(signInCardsPdfQuery.safeParse({ periodId: id, paper: 'legal' }).success).toBe(false);
    expect(signInCardsPdfQuery.safeParse({ studentIds: 'nope' }).success).toBe(false);
  });
});

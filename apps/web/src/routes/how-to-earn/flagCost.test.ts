import { describe, expect, it } from 'vitest';
import { t as translate } from '@app/domain/i18n';
import type { Translate } from '../../i18n/useT';
import { flagCostText } from './CategoryCard';

const say =
  (lang: 'en' | 'es'): Translate =>
  (key, values) =>
    translate(lang, key, {
      currency: 'Merits',
      currencyOne: 'Merit',
      ...(values as Record<string, string | number>),
    });

describe('flagCostText', () => {
  it("names both amounts when an admin's flag costs more than a teacher's", () => {
    expect(flagCostText({ admin: 5, nonAdmin: 3 }, say('en'))).toBe(
      '−3 Merits from a teacher, −5 from an admin',
    );
    expect(flagCostText({ admin: 5, nonAdmin: 3 }, say('es'))).toBe(
      '−3 Merits si la da un maestro, −5 si la da un administrador',
    );
  });
  it('gives one amount when they are the same', () => {
    expect(flagCostText({ admin: 1, nonAdmin: 1 }, say('en'))).toBe('−1 Merit');
  });
});

import { describe, expect, it } from 'vitest';
import {
  CURRENCY_NAME,
  CURRENCY_NAME_ES,
  CURRENCY_NAME_ONE,
  CURRENCY_NAME_ONE_ES,
  currencyNames,
  spanishCurrencyDefaults,
} from '../src/index.js';

/** The currency's name per language (docs/decisions/113-currency-name-setting.md). */
describe('currencyNames', () => {
  const merits = { currencyName: CURRENCY_NAME, currencyNameOne: CURRENCY_NAME_ONE };

  it('says Merits in English and Méritos in Spanish by default, and without a school', () => {
    expect(currencyNames(merits, 'en')).toEqual({ currency: 'Merits', currencyOne: 'Merit' });
    expect(currencyNames(merits, 'es')).toEqual({ currency: 'Méritos', currencyOne: 'Mérito' });
    expect(currencyNames(null, 'es')).toEqual({
      currency: CURRENCY_NAME_ES,
      currencyOne: CURRENCY_NAME_ONE_ES,
    });
  });

  it('gives Spanish the English name a school chose, field by field, until it names its own', () => {
    const stars = { currencyName: 'Stars', currencyNameOne: 'Star' };
    expect(currencyNames(stars, 'es')).toEqual({ currency: 'Stars', currencyOne: 'Star' });
    expect(spanishCurrencyDefaults({ currencyName: 'Merits', currencyNameOne: 'Star' })).toEqual({
      currencyNameEs: 'Méritos',
      currencyNameOneEs: 'Star',
    });
    const own = { ...stars, currencyNameEs: 'Estrellas', currencyNameOneEs: null };
    expect(currencyNames(own, 'es')).toEqual({ currency: 'Estrellas', currencyOne: 'Star' });
    expect(currencyNames(own, 'en')).toEqual({ currency: 'Stars', currencyOne: 'Star' });
  });
});

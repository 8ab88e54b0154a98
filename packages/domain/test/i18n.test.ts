import { IntlMessageFormat } from 'intl-messageformat';
import { describe, expect, it } from 'vitest';
import {
  EN_AREAS,
  ES_AREAS,
  en,
  es,
  languageOf,
  parseServerMessage,
  pickLanguage,
  t,
  translateServerMessage,
  type MessageKey,
} from '../src/i18n/index.js';
import { MSG } from '../src/index.js';

/** The arguments a message takes, by name, from its ICU syntax tree (plural branches included). */
function argumentsOf(template: string): string[] {
  const names = new Set<string>();
  const walk = (nodes: unknown[]) => {
    for (const node of nodes as { type: number; value?: string; options?: object }[]) {
      if (typeof node.value === 'string' && node.type !== 0 && node.type !== 7)
        names.add(node.value);
      if (node.options)
        for (const o of Object.values(node.options) as { value: unknown[] }[]) walk(o.value);
    }
  };
  walk(new IntlMessageFormat(template, 'en').getAst() as unknown[]);
  return [...names].sort();
}

describe('the message catalogue', () => {
  const keys = Object.keys(en) as MessageKey[];

  it('has every key in both languages and none in one only', () => {
    expect(Object.keys(es).sort()).toEqual([...keys].sort());
    for (const area of Object.keys(EN_AREAS) as (keyof typeof EN_AREAS)[])
      expect(Object.keys(ES_AREAS[area]).sort(), area).toEqual(Object.keys(EN_AREAS[area]).sort());
  });

  it("names each key after its area, so areas never overwrite each other's words", () => {
    let total = 0;
    for (const [area, words] of Object.entries(EN_AREAS)) {
      const prefix = area === 'server' || area === 'basics' ? 'msg.' : `${area}.`;
      for (const key of Object.keys(words)) expect(key.startsWith(prefix), key).toBe(true);
      total += Object.keys(words).length;
    }
    expect(total).toBe(keys.length);
  });

  it('compiles every message and gives both languages the same arguments', () => {
    for (const key of keys) {
      expect(argumentsOf(es[key]), key).toEqual(argumentsOf(en[key]));
      expect(es[key].trim(), key).not.toBe('');
    }
  });

  it('writes plurals and numbers by Intl', () => {
    const v = { currency: 'Merits', currencyOne: 'Merit' };
    expect(t('en', 'common.points', { ...v, count: 1 })).toBe('1 Merit');
    expect(t('en', 'common.points', { ...v, count: 1234 })).toBe('1,234 Merits');
    expect(t('es', 'common.points', { ...v, count: 1234 })).toBe('1234 Merits');
    expect(t('es', 'common.points', { ...v, count: 12345 })).toBe('12.345 Merits');
  });
});

describe("the server's messages", () => {
  const serverKeys = [...Object.keys(EN_AREAS.server), ...Object.keys(EN_AREAS.basics)] as (
    keyof typeof EN_AREAS.server | keyof typeof EN_AREAS.basics
  )[];

  it('use only simple arguments and no ICU quoting, so they can be read back', () => {
    for (const key of serverKeys) {
      const template = en[key];
      expect(template.includes("'{"), key).toBe(false);
      for (const m of template.matchAll(/\{([^}]*)\}/g)) expect(m[1], key).toMatch(/^\w+$/);
    }
  });

  it('are read back to their key and arguments from the English text', () => {
    for (const key of serverKeys) {
      const names = argumentsOf(en[key]);
      const values = Object.fromEntries(names.map((n, i) => [n, `V${i}x`]));
      const text = t('en', key, values);
      const parsed = parseServerMessage(text);
      expect(parsed, key).not.toBeNull();
      // Two keys may share an English text; the text read back must be the same message.
      expect(t('en', parsed!.key, parsed!.values), key).toBe(text);
    }
  });

  it("are answered in Spanish with the school's currency, dates and numbers by Intl", () => {
    const tr = (text: string, currency = 'Merits') =>
      translateServerMessage(text, 'es', currency, es, 'Merits');
    expect(tr(MSG.keepWorking(26), 'Estrellas')).toBe(
      '¡Sigue esforzándote! Necesitas ganar 26 Estrellas más.',
    );
    expect(tr(MSG.outOfStock('Pencil'))).toBe('Pencil está agotado');
    expect(tr(MSG.storeClosed('September 1, 2026'))).toBe(
      'La tienda está cerrada. Volverá a abrir el 1 de septiembre de 2026.',
    );
    expect(tr(MSG.pictureQuota(10000, 50))).toContain('10.000 imágenes');
    expect(tr(MSG.forbidden)).toBe('No tienes permiso para hacer esto.');
    expect(tr('"name" is required')).toBe('"name" is required');
  });

  it("keep English but take the school's currency name", () => {
    expect(translateServerMessage(MSG.needMore(5), 'en', 'Stars', en, 'Merits')).toBe(
      'The student needs to earn 5 more Stars to make this purchase.',
    );
    expect(translateServerMessage(MSG.needMore(5), 'en', 'Merits', en, 'Merits')).toBe(
      MSG.needMore(5),
    );
  });
});

describe('the language of a person', () => {
  it("is their own choice, else the browser's first known language, else English", () => {
    expect(pickLanguage('es-MX,es;q=0.9,en;q=0.8')).toBe('es');
    expect(pickLanguage('fr-FR,en;q=0.5,es;q=0.9')).toBe('es');
    expect(pickLanguage('fr-FR')).toBe('en');
    expect(pickLanguage(['de', 'es-419'])).toBe('es');
    expect(pickLanguage(undefined)).toBe('en');
    expect(languageOf('en', 'es')).toBe('en');
    expect(languageOf(null, 'es-ES')).toBe('es');
    expect(languageOf('xx', 'en-US')).toBe('en');
  });
});

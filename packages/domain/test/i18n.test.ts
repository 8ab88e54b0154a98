import { IntlMessageFormat } from 'intl-messageformat';
import { describe, expect, it } from 'vitest';
import {
  EN_AREAS,
  ES_AREAS,
  en,
  es,
  languageOf,
  pickLanguage,
  t,
  type MessageKey,
} from '../src/i18n/index.js';
import {
  calendarDay,
  englishOf,
  fieldWords,
  MSG,
  msg,
  pictureQuotaMessage,
  SERVER_ENGLISH,
  writeMessage,
  type Message,
  type ServerMessageKey,
} from '../src/index.js';

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

  it("use only simple arguments and no ICU quoting, so they are written without ICU's parser", () => {
    for (const key of serverKeys) {
      const template = en[key];
      expect(template.includes("'{"), key).toBe(false);
      for (const m of template.matchAll(/\{([^}]*)\}/g)) expect(m[1], key).toMatch(/^\w+$/);
    }
  });

  it('are written from their key as ICU writes them, English from its catalogue', () => {
    for (const key of serverKeys) {
      const names = argumentsOf(en[key]);
      const values = Object.fromEntries(names.map((n, i) => [n, `V${i}x`]));
      for (const [lang, words] of [
        ['en', en],
        ['es', es],
      ] as const)
        expect(
          writeMessage({ key, values }, { lang, words, currency: values.currency }),
          `${lang} ${key}`,
        ).toBe(t(lang, key, values));
    }
  });

  it("are answered in Spanish with the school's currency, dates and numbers by Intl", () => {
    const es_ = (m: Message, currency = 'Méritos') =>
      writeMessage(m, { lang: 'es', words: es, currency });
    expect(es_(msg('msg.keepWorking', { need: 26 }), 'Estrellas')).toBe(
      '¡Sigue esforzándote! Necesitas ganar 26 Estrellas más.',
    );
    expect(es_(msg('msg.outOfStock', { name: 'Pencil' }))).toBe('Pencil está agotado');
    expect(es_(msg('msg.storeClosed', { date: calendarDay('2026-09-01') }))).toBe(
      'La tienda está cerrada. Volverá a abrir el 1 de septiembre de 2026.',
    );
    expect(englishOf(msg('msg.storeClosed', { date: calendarDay('2026-09-01') }))).toBe(
      MSG.storeClosed('September 1, 2026'),
    );
    expect(es_(pictureQuotaMessage(10000, 50))).toContain('10.000 imágenes');
    expect(englishOf(pictureQuotaMessage(10000, 50))).toContain('10,000 pictures');
    expect(es_(msg('msg.forbidden'))).toBe('No tienes permiso para hacer esto.');
  });

  it("keep English but take the school's currency name", () => {
    const needMore = msg('msg.needMore', { need: 5 });
    expect(writeMessage(needMore, { lang: 'en', words: en, currency: 'Stars' })).toBe(
      'The student needs to earn 5 more Stars to make this purchase.',
    );
    expect(englishOf(needMore)).toBe(MSG.needMore(5));
  });

  it('name a field by its label in the language, else by its words', () => {
    const min = msg('msg.fieldProblem', {
      field: { field: 'quantity' },
      problem: msg('msg.checkMin', { min: 1 }),
    });
    expect(writeMessage(min, { lang: 'en', words: en })).toBe('Quantity: must be at least 1');
    expect(writeMessage(min, { lang: 'es', words: es })).toBe('Cantidad: debe ser como mínimo 1');
    expect(fieldWords('internalPeriodId')).toBe('Internal period ID');
    expect(fieldWords('userEmail')).toBe('User email');
    expect(fieldWords('staffIds')).toBe('Staff IDs');
    expect(fieldWords('plan504')).toBe('Plan 504');
  });

  it('take exactly the arguments their template names (checked by the types)', () => {
    // @ts-expect-error: outOfStock names {name}
    msg('msg.outOfStock', { product: 'Pencil' });
    // @ts-expect-error: forbidden takes none
    msg('msg.forbidden', { name: 'x' });
    // @ts-expect-error: no such key
    msg('msg.noSuchMessage');
    const keys: ServerMessageKey[] = Object.keys(SERVER_ENGLISH) as ServerMessageKey[];
    expect(keys.length).toBe(serverKeys.length);
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

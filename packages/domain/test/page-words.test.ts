import { describe, expect, it } from 'vitest';
import { en, t } from '../src/i18n/index.js';
import {
  GOAL_NOTE_KEYS,
  goalNoteText,
  notificationMessage,
  PAGE_WORDS,
  ROLE_LABEL_KEYS,
  ROUTES,
  SURVEY_WORDS,
  SURVEYS,
  pageTitleKey,
} from '../src/index.js';

const merits = { currency: 'Merits', currencyOne: 'Merit' };

describe('words the domain computes, as the screens show them', () => {
  it('keeps the English of every page, link and role label in its catalogue key', () => {
    for (const [word, key] of Object.entries({ ...PAGE_WORDS, ...ROLE_LABEL_KEYS }))
      expect(en[key], key).toBe(word);
    for (const r of ROUTES) expect(en[PAGE_WORDS[r.title]]).toBe(r.title);
    expect(pageTitleKey('/class/12')).toBe('layout.pageClass');
    expect(pageTitleKey('/')).toBeNull();
    expect(pageTitleKey('/no-such-page')).toBeNull();
  });

  it("says a notification in the school's currency, with or without its detail", () => {
    const say = (n: Parameters<typeof notificationMessage>[0], lang: 'en' | 'es' = 'en') => {
      const { key, values } = notificationMessage(n);
      return t(lang, key, { ...merits, ...values });
    };
    expect(say({ kind: 'points', points: 1, detail: 'Kindness' })).toBe(
      'You received 1 Merit: Kindness',
    );
    expect(say({ kind: 'points', points: 5, detail: '' })).toBe('You received 5 Merits');
    expect(say({ kind: 'refunded', points: 10, detail: 'Pencil' })).toBe(
      'Your order was refunded: Pencil. 10 Merits went back to your balance.',
    );
    expect(say({ kind: 'packaged', points: 0, detail: 'Pencil' }, 'es')).toBe(
      'Tu pedido está listo para recoger: Pencil',
    );
  });

  it('keeps the goal notes as goalNoteText says them', () => {
    for (const reason of ['bought', 'soldOut', 'gone'] as const)
      expect(t('en', GOAL_NOTE_KEYS[reason], { product: 'Hoodie' })).toBe(
        goalNoteText({ productName: 'Hoodie', reason }),
      );
  });
});

describe('the surveys on screen', () => {
  it('has a catalogue key for every title, question and choice, in English as surveys.ts says it', () => {
    for (const s of SURVEYS)
      for (const text of [s.title, s.question, ...s.choices.map((c) => c.label)]) {
        const key = SURVEY_WORDS[text];
        expect(key, text).toBeDefined();
        expect(t('en', key!, { currency: 'points', currencyOne: 'point' }), text).toBe(text);
      }
  });
});

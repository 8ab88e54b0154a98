import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { Language } from '@app/domain';
import { en } from '@app/domain/i18n/en';
import { es } from '@app/domain/i18n/es';
import { T, useFormat } from '.';
import { LanguageContext } from './context';

function Sample() {
  const f = useFormat();
  return (
    <p>
      <T k="common.points" values={{ count: 1 }} />|
      <T k="common.points" values={{ count: 2600 }} />|{f.longDate('2026-09-01')}|
      {f.month('2026-10')}|{f.number(12345)}
    </p>
  );
}

const render = (language: Language) =>
  renderToStaticMarkup(
    <LanguageContext.Provider
      value={{ language, messages: language === 'es' ? es : en, setReader: () => undefined }}
    >
      <Sample />
    </LanguageContext.Provider>,
  );

describe('words on screen', () => {
  it("come from the language's catalogue, with the currency, plurals, dates and numbers by Intl", () => {
    expect(render('en')).toBe('<p>1 Merit|2,600 Merits|September 1, 2026|October 2026|12,345</p>');
    expect(render('es')).toBe(
      '<p>1 Merit|2600 Merits|1 de septiembre de 2026|octubre de 2026|12.345</p>',
    );
  });
});

import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { Language } from '@app/domain';
import { T, useFormat } from '.';
import { Words } from './testing';

function Sample() {
  const f = useFormat();
  return (
    <p>
      <T k="common.points" values={{ count: 1 }} />|
      <T k="common.points" values={{ count: 2600 }} />|
      <T k="common.points" values={{ count: 3, currency: 'Stars' }} />|{f.longDate('2026-09-01')}|
      {f.month('2026-10')}|{f.number(12345)}
    </p>
  );
}

const render = (language: Language) =>
  renderToStaticMarkup(
    <Words language={language}>
      <Sample />
    </Words>,
  );

describe('words on screen', () => {
  it("write the server's messages the screens also write, in the screens' language", () => {
    const html = renderToStaticMarkup(
      <Words language="es">
        <T k="msg.keepWorking" values={{ need: 26 }} />|<T k="msg.notOnWeekends" />
      </Words>,
    );
    expect(html).toBe(
      '¡Sigue esforzándote! Necesitas ganar 26 Méritos más.|No se permite en fines de semana',
    );
  });

  it('format markup in a message by the function of its tag', () => {
    const html = renderToStaticMarkup(
      <Words language="es">
        <T
          k="settings.school.code"
          values={{ code: 'DEMO', b: (chunks) => <strong>{chunks}</strong> }}
        />
      </Words>,
    );
    expect(html).toContain('<strong>DEMO</strong>');
    expect(html).not.toContain('<b>');
  });

  it("come from the language's catalogue, with the currency, plurals, dates and numbers by Intl", () => {
    expect(render('en')).toBe(
      '<p>1 Merit|2,600 Merits|3 Stars|September 1, 2026|October 2026|12,345</p>',
    );
    expect(render('es')).toBe(
      '<p>1 Mérito|2600 Méritos|3 Stars|1 de septiembre de 2026|octubre de 2026|12.345</p>',
    );
  });
});

import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { Language } from '@app/domain';
import { queryKeys, type StatusResponse } from '../api';
import { DemoBanner } from './DemoBanner';
import { Words } from '../i18n/testing';

/** The banner as it renders once GET status has answered `status`. */
function render(status: StatusResponse, lang: Language = 'en') {
  const client = new QueryClient();
  client.setQueryData(queryKeys.status.all, status);
  return renderToStaticMarkup(
    <Words language={lang}>
      <QueryClientProvider client={client}>
        <MantineProvider>
          <DemoBanner />
        </MantineProvider>
      </QueryClientProvider>
    </Words>,
  );
}

describe('DemoBanner', () => {
  it('while the demo sign-ins work: the notice, in a labelled region', () => {
    const html = render({ status: 'ok', demo: true });
    expect(html).toContain('Demo school: don&#x27;t enter real student data');
    expect(html).toMatch(/<section[^>]*aria-label="Demo notice"/);
  });

  it('in Spanish on Spanish screens', () => {
    const html = render({ status: 'ok', demo: true }, 'es');
    expect(html).toContain('Escuela de demostración: no ingreses datos reales de estudiantes');
    expect(html).toMatch(/<section[^>]*aria-label="Aviso de demostración"/);
  });

  it('otherwise nothing', () => {
    expect(render({ status: 'ok', demo: false })).not.toContain('Demo school');
    expect(render({})).not.toContain('Demo school');
  });
});

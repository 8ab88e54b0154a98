import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { IntlProvider } from 'react-intl';
import { describe, expect, it } from 'vitest';
import { SURVEYS } from '@app/domain';
import { en } from '@app/domain/i18n/en';
import { queryKeys, type SurveyResults as Results } from '../../api';
import { SurveyResults } from './SurveyResults';

/** The component as the server's answer would draw it (the cache already holds the answer). */
function render(results: Results) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity } } });
  queryClient.setQueryData(queryKeys.surveys.results, results);
  return renderToStaticMarkup(
    <IntlProvider locale="en" messages={en}>
      <MantineProvider>
        <QueryClientProvider client={queryClient}>
          <SurveyResults />
        </QueryClientProvider>
      </MantineProvider>
    </IntlProvider>,
  );
}

describe('SurveyResults', () => {
  it('shows each survey with its counts per answer, shares of the answers and dismissals', () => {
    const counts = [3, 1, 0, 0, 0];
    const results: Results = SURVEYS.map((s, i) => ({
      ...s,
      choices: s.choices.map((c, j) => ({ ...c, count: i === 0 ? counts[j]! : 0 })),
      dismissed: i === 0 ? 2 : 0,
      total: i === 0 ? 6 : 0,
    }));
    const html = render(results);
    expect(html).toContain('<h2');
    expect(html.match(/<table/g)).toHaveLength(5);
    expect(html).toContain('4 answers, 2 dismissed');
    expect(html).toContain('0 answers, 0 dismissed');
    expect(html).toMatch(/Very satisfied<\/td><td[^>]*>3<\/td>.*75%/);
    expect(html).toMatch(/Satisfied<\/td><td[^>]*>1<\/td>.*25%/);
  });
});

import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { queryKeys, type StatusResponse } from '../api';
import { DEMO_BANNER_TEXT, DemoBanner } from './DemoBanner';

/** The banner as it renders once GET status has answered `status`. */
function render(status: StatusResponse) {
  const client = new QueryClient();
  client.setQueryData(queryKeys.status.all, status);
  return renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <MantineProvider>
        <DemoBanner />
      </MantineProvider>
    </QueryClientProvider>,
  );
}

describe('DemoBanner', () => {
  it('while the demo sign-ins work: the notice, in a labelled region', () => {
    const html = render({ status: 'ok', demo: true });
    expect(DEMO_BANNER_TEXT).toBe("Demo school: don't enter real student data");
    expect(html).toContain('Demo school: don&#x27;t enter real student data');
    expect(html).toMatch(/<section[^>]*aria-label="Demo notice"/);
  });

  it('otherwise nothing', () => {
    expect(render({ status: 'ok', demo: false })).not.toContain('Demo school');
    expect(render({})).not.toContain('Demo school');
  });
});

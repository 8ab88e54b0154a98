import { MantineProvider } from '@mantine/core';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { QueryState, type QueryLike } from './QueryState';
import { Words } from '../i18n/testing';

const render = (query: QueryLike<string[]>) =>
  renderToStaticMarkup(
    <Words language="en">
      <MantineProvider>
        <QueryState query={query} loading="Loading classes">
          {(names) => <p>{names.join(', ')}</p>}
        </QueryState>
      </MantineProvider>
    </Words>,
  );

describe('QueryState', () => {
  it('while loading: a spinner that says what loads, as a status', () => {
    const html = render({ data: undefined, error: null, isPending: true });
    expect(html).toMatch(
      /role="status"[^>]*aria-label="Loading classes"|aria-label="Loading classes"[^>]*role="status"/,
    );
    expect(html).not.toContain('<p>');
  });

  it('on failure: the message as an alert, with a Try again button when the query can refetch', () => {
    const html = render({
      data: undefined,
      error: new Error('The server is busy'),
      isPending: false,
      refetch: () => undefined,
    });
    expect(html).toContain('role="alert"');
    expect(html).toContain('The server is busy');
    expect(html).toMatch(/<button[^>]*>.*Try again/);
    expect(render({ data: undefined, error: new Error('x'), isPending: false })).not.toContain(
      'Try again',
    );
  });

  it('with data: the content', () => {
    expect(render({ data: ['Math 6', 'Science'], error: null, isPending: false })).toContain(
      '<p>Math 6, Science</p>',
    );
  });
});

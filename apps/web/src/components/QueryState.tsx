import type { ReactNode } from 'react';
import { Center } from '@mantine/core';
import { useT } from '../i18n';
import { ErrorNotice } from './ErrorNotice';
import { Spinner } from './Spinner';

/** What QueryState reads of a query: a TanStack Query result fits, and so does one of useQueries. */
export interface QueryLike<T> {
  data: T | undefined;
  error: Error | null;
  isPending: boolean;
  isFetching?: boolean;
  refetch?: () => unknown;
}

interface Props<T> {
  query: QueryLike<T>;
  /** What is loading, for screen readers ("Loading activity"); the spinner's role is status. */
  loading?: string;
  /** `page` (the default) centres the spinner in the page's height; `section` keeps it small, in its card. */
  size?: 'page' | 'section';
  /** The error's title, when "Something went wrong" is not enough. */
  errorTitle?: string;
  /** The content, once the data is there. */
  children: (data: T) => ReactNode;
}

/**
 * The one place that turns a query into what the screen shows: a spinner while it loads, the
 * error (with a button that asks again) when it failed, the content when it answered.
 */
export function QueryState<T>({ query, loading, size = 'page', errorTitle, children }: Props<T>) {
  const t = useT();
  if (query.isPending)
    return (
      <Center mih={size === 'page' ? '50vh' : undefined} py={size === 'section' ? 'lg' : undefined}>
        <Spinner
          label={loading ?? t('common.loadingLabel')}
          size={size === 'section' ? 'sm' : undefined}
        />
      </Center>
    );
  if (query.error) {
    const { refetch } = query;
    return (
      <ErrorNotice
        title={errorTitle}
        message={query.error.message}
        onRetry={refetch ? () => void refetch() : undefined}
        retrying={query.isFetching === true}
      />
    );
  }
  // A query that is neither pending nor failed has its data (TanStack Query's success state).
  return <>{children(query.data as T)}</>;
}

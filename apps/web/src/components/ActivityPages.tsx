import type { ReactNode } from 'react';
import { Button } from '@mantine/core';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import type { ActivityListQuery } from '@app/domain';
import { api, unwrap, type ActivityItem } from '../api';
import { ActivityTable } from './ActivityTable';
import { QueryState } from './QueryState';
import { T } from '../i18n';

type Filters = Partial<Omit<ActivityListQuery, 'limit' | 'before' | 'offset' | 'time'>>;

interface Props {
  /** The list's query key (queryKeys.activities.…): invalidating activities.all refreshes it. */
  queryKey: readonly unknown[];
  filters: Filters;
  /** Activities asked for at a time: the first page and each "Show more". */
  pageSize: number;
  loading: string;
  /** What an empty list says. */
  empty: ReactNode;
  caption: (count: number) => string;
  showStudent?: boolean;
  actions?: (item: ActivityItem) => ReactNode;
}

/**
 * An activity list that asks for what it shows: one page of `pageSize`, and "Show more" asks for
 * the next page after the last activity shown (the server's keyset cursor `before`), never again
 * for the rows already there (docs/decisions/101-reads-in-one-statement.md).
 */
export function ActivityPages({
  queryKey,
  filters,
  pageSize,
  loading,
  empty,
  caption,
  showStudent,
  actions,
}: Props) {
  const pages = useInfiniteQuery({
    queryKey,
    queryFn: ({ pageParam }) =>
      unwrap(api.activity.list({ query: { ...filters, limit: pageSize, before: pageParam } })),
    initialPageParam: undefined as string | undefined,
    // A full page may have more after it; a short one is the end.
    getNextPageParam: (last) => (last.length < pageSize ? undefined : last.at(-1)?._id),
    placeholderData: keepPreviousData,
  });
  const query = { ...pages, data: pages.data?.pages.flat() };
  return (
    <QueryState query={query} loading={loading} size="section">
      {(items) =>
        items.length === 0 ? (
          empty
        ) : (
          <>
            <ActivityTable
              items={items}
              caption={caption(items.length)}
              showStudent={showStudent}
              actions={actions}
            />
            {pages.hasNextPage ? (
              <Button
                variant="subtle"
                onClick={() => void pages.fetchNextPage()}
                loading={pages.isFetchingNextPage}
              >
                <T k="common.showMore" />
              </Button>
            ) : null}
          </>
        )
      }
    </QueryState>
  );
}

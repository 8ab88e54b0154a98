import { SimpleGrid } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { ACTIVITY_CATEGORIES } from '@app/domain';
import { api, queryKeys, unwrap } from '../../api';
import { Page } from '../../components/Page';
import { PageHeader } from '../../components/PageHeader';
import { QueryState } from '../../components/QueryState';
import { CategoryCard } from './CategoryCard';
import { useT } from '../../i18n';

/** Bonuses first, then the other ways to earn, flags last. */
const ORDER = [
  'Bonuses',
  ...ACTIVITY_CATEGORIES.filter((c) => c !== 'Bonuses' && c !== 'Flags'),
  'Flags',
] as const;

/** The school's real options and their points, by category. */
export default function HowToEarnPage() {
  const t = useT();
  const q = useQuery({
    queryKey: queryKeys.activityOptions,
    queryFn: () => unwrap(api.activity.options()),
  });
  return (
    <Page>
      <PageHeader title={t('layout.pageHowToEarn')} description={t('welcome.earnDescription')} />
      <QueryState query={q} loading={t('welcome.earnLoading')}>
        {(data) => (
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg">
            {ORDER.map((c) => (
              <CategoryCard
                key={c}
                category={c}
                options={data.categories[c] ?? []}
                flagCost={{
                  ...data.flagPoints,
                  dailyBehavior: Math.max(
                    0,
                    ...(data.categories['Daily Behavior'] ?? []).map((o) => o.points),
                  ),
                }}
              />
            ))}
          </SimpleGrid>
        )}
      </QueryState>
    </Page>
  );
}

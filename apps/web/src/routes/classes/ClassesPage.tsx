import { Card, SimpleGrid, Text } from '@mantine/core';
import { PageHeader } from '../../components/PageHeader';
import { QueryState } from '../../components/QueryState';
import { usePeriods } from '../../session';
import { PeriodCard } from './PeriodCard';
import { Page } from '../../components/Page';
import { useT } from '../../i18n';

export default function ClassesPage() {
  const t = useT();
  const q = usePeriods();
  return (
    <Page>
      <PageHeader
        title={t('classroom.classesTitle')}
        description={t('classroom.classesDescription')}
      />
      <QueryState query={q} loading={t('classroom.loadingClasses')}>
        {(classes) =>
          classes.length === 0 ? (
            <Card p="xl">
              <Text fw={600}>{t('classroom.noClasses')}</Text>
              <Text c="dimmed" fz="sm">
                {t('classroom.noClassesNote')}
              </Text>
            </Card>
          ) : (
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg">
              {classes.map((p) => (
                <PeriodCard key={p._id} period={p} />
              ))}
            </SimpleGrid>
          )
        }
      </QueryState>
    </Page>
  );
}

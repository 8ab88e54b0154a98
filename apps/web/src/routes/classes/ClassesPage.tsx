import { Card, SimpleGrid, Text } from '@mantine/core';
import { PageHeader } from '../../components/PageHeader';
import { QueryState } from '../../components/QueryState';
import { usePeriods } from '../../session';
import { PeriodCard } from './PeriodCard';
import { Page } from '../../components/Page';

export default function ClassesPage() {
  const q = usePeriods();
  return (
    <Page>
      <PageHeader
        title="Classes"
        description="The classes you teach or co-teach. Open one to see its roster."
      />
      <QueryState query={q} loading="Loading classes">
        {(classes) =>
          classes.length === 0 ? (
            <Card p="xl">
              <Text fw={600}>You have no classes</Text>
              <Text c="dimmed" fz="sm">
                Classes appear here once your school assigns you a period with students.
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

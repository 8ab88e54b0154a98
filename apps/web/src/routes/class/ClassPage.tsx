import { useState } from 'react';
import { Anchor, Card, Grid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { periodLabel, searchByName } from '@app/domain';
import { periods, unwrap } from '../../api';
import { ErrorNotice } from '../../components/ErrorNotice';
import { FullPageLoader } from '../../components/FullPageLoader';
import { PageHeader } from '../../components/PageHeader';
import { CoTeachersPanel } from './CoTeachersPanel';
import { RosterTable } from './RosterTable';
import { Page } from '../../components/Page';

export default function ClassPage() {
  const { internalPeriodId = '' } = useParams();
  const [query, setQuery] = useState('');
  const q = useQuery({ queryKey: ['period', internalPeriodId], queryFn: () => unwrap(periods.get(internalPeriodId)) });

  return (
    <Page>
      <PageHeader
        title="Class"
        actions={
          <Anchor component={Link} to="/classes" fz="sm">
            ← All classes
          </Anchor>
        }
      />
      {q.isPending ? (
        <FullPageLoader />
      ) : q.isError ? (
        <ErrorNotice message={q.error.message} />
      ) : (
        <Stack gap="lg">
          <Stack gap={2}>
            <Title order={2}>
              {periodLabel(q.data.periodNumber)} — {q.data.name}
            </Title>
            <Text c="dimmed" fz="sm">
              {q.data.sectionNumbers.length ? `Section ${q.data.sectionNumbers.join(', ')} · ` : ''}
              {q.data.studentCount} {q.data.studentCount === 1 ? 'student' : 'students'}
            </Text>
          </Stack>
          <Grid gutter="lg">
            <Grid.Col span={{ base: 12, md: 8 }}>
              <Card p="lg">
                <Stack gap="md">
                  <TextInput
                    label="Filter by name"
                    placeholder="First or last name"
                    value={query}
                    onChange={(e) => setQuery(e.currentTarget.value)}
                  />
                  <RosterTable students={searchByName(q.data.students, query)} caption="Roster" />
                </Stack>
              </Card>
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 4 }}>
              <CoTeachersPanel period={q.data} />
            </Grid.Col>
          </Grid>
        </Stack>
      )}
    </Page>
  );
}

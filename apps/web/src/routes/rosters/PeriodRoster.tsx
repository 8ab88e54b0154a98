import { Accordion, Badge, Group, Text } from '@mantine/core';
import { periodLabel, searchByName } from '@app/domain';
import type { Period, PeriodDetail } from '../../api';
import { ErrorNotice } from '../../components/ErrorNotice';
import { FullPageLoader } from '../../components/FullPageLoader';
import { RosterTable } from '../class/RosterTable';

interface Props {
  period: Period;
  detail: { data?: PeriodDetail; error: Error | null; isPending: boolean };
  query: string;
}

export function PeriodRoster({ period, detail, query }: Props) {
  const matches = detail.data ? searchByName(detail.data.students, query) : [];
  return (
    <Accordion.Item value={period._id}>
      <Accordion.Control>
        <Group justify="space-between" wrap="nowrap" pr="sm">
          <Text fw={600}>
            {periodLabel(period.periodNumber)} — {period.name}
          </Text>
          <Badge variant="light" color={query && detail.data ? (matches.length ? 'grape' : 'gray') : 'grape'}>
            {query && detail.data ? `${matches.length} of ${period.studentCount}` : period.studentCount}
          </Badge>
        </Group>
        <Text fz="xs" c="dimmed">
          {period.teacher.firstName} {period.teacher.lastName}
          {period.coTeacherDisplayName ? ` · with ${period.coTeacherDisplayName}` : ''}
        </Text>
      </Accordion.Control>
      <Accordion.Panel>
        {detail.isPending ? (
          <FullPageLoader />
        ) : detail.error ? (
          <ErrorNotice message={detail.error.message} />
        ) : (
          <RosterTable students={matches} caption={`${matches.length} students`} />
        )}
      </Accordion.Panel>
    </Accordion.Item>
  );
}

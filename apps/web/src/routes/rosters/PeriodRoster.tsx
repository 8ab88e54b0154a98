import { Accordion, Badge, Group, Text } from '@mantine/core';
import { periodLabel, searchByName } from '@app/domain';
import type { Period, PeriodDetail } from '../../api';
import { QueryState, type QueryLike } from '../../components/QueryState';
import { RosterTable } from './RosterTable';

interface Props {
  period: Period;
  detail: QueryLike<PeriodDetail>;
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
          <Badge
            variant="light"
            color={query && detail.data ? (matches.length ? 'grape' : 'gray') : 'grape'}
          >
            {query && detail.data
              ? `${matches.length} of ${period.studentCount}`
              : period.studentCount}
          </Badge>
        </Group>
        <Text fz="xs" c="dimmed">
          {period.teacher.firstName} {period.teacher.lastName}
          {period.coTeacherDisplayName ? ` · with ${period.coTeacherDisplayName}` : ''}
        </Text>
      </Accordion.Control>
      <Accordion.Panel>
        <QueryState query={detail} loading={`Loading the roster of ${period.name}`} size="section">
          {() => <RosterTable students={matches} caption={`${matches.length} students`} />}
        </QueryState>
      </Accordion.Panel>
    </Accordion.Item>
  );
}

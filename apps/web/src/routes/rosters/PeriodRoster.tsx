import { Accordion, Badge, Group, Text } from '@mantine/core';
import { searchByName } from '@app/domain';
import type { Period, PeriodDetail } from '../../api';
import { QueryState, type QueryLike } from '../../components/QueryState';
import { useLabels } from '../../components/giving/labels';
import { useT } from '../../i18n';
import { RosterTable } from './RosterTable';

interface Props {
  period: Period;
  detail: QueryLike<PeriodDetail>;
  query: string;
}

export function PeriodRoster({ period, detail, query }: Props) {
  const t = useT();
  const labels = useLabels();
  const teacher = `${period.teacher.firstName} ${period.teacher.lastName}`;
  const matches = detail.data ? searchByName(detail.data.students, query) : [];
  return (
    <Accordion.Item value={period._id}>
      <Accordion.Control>
        <Group justify="space-between" wrap="nowrap" pr="sm">
          <Text fw={600}>
            {t('rosters.periodTitle', {
              period: labels.period(period.periodNumber),
              name: period.name,
            })}
          </Text>
          <Badge
            variant="light"
            color={query && detail.data ? (matches.length ? 'grape' : 'gray') : 'grape'}
          >
            {query && detail.data
              ? t('rosters.matchesOf', { matches: matches.length, total: period.studentCount })
              : period.studentCount}
          </Badge>
        </Group>
        <Text fz="xs" c="dimmed">
          {period.coTeacherDisplayName
            ? t('rosters.teacherWith', {
                teacher,
                coTeachers: period.coTeacherDisplayName,
              })
            : teacher}
        </Text>
      </Accordion.Control>
      <Accordion.Panel>
        <QueryState
          query={detail}
          loading={t('rosters.loadingRoster', { name: period.name })}
          size="section"
        >
          {() => (
            <RosterTable
              students={matches}
              caption={t('rosters.studentsCaption', { count: matches.length })}
            />
          )}
        </QueryState>
      </Accordion.Panel>
    </Accordion.Item>
  );
}

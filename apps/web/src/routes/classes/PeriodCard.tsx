import { Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { periodLabel } from '@app/domain';
import type { Period } from '../../api';

export function PeriodCard({ period }: { period: Period }) {
  const sections = period.sectionNumbers.join(', ');
  return (
    <Card
      component={Link}
      to={`/class/${period._id}`}
      p="lg"
      aria-label={`${periodLabel(period.periodNumber)} — ${period.name}`}
      style={{ textDecoration: 'none' }}
    >
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap">
          <Badge variant="light">{periodLabel(period.periodNumber)}</Badge>
          {period.isOwner ? null : (
            <Badge variant="outline" color="gray">
              Co-teaching
            </Badge>
          )}
        </Group>
        <Title order={2} fz="lg">
          {period.name}
        </Title>
        <Text fz="sm" c="dimmed">
          {sections ? `Section ${sections}` : 'No section'} · {period.studentCount}{' '}
          {period.studentCount === 1 ? 'student' : 'students'}
        </Text>
        {period.isOwner ? null : (
          <Text fz="sm">
            Teacher: {period.teacher.firstName} {period.teacher.lastName}
          </Text>
        )}
        <Text fz="sm">
          {period.coTeacherDisplayName ? (
            <>Co-teachers: {period.coTeacherDisplayName}</>
          ) : (
            <Text span c="dimmed" fz="sm">
              No co-teachers
            </Text>
          )}
        </Text>
      </Stack>
    </Card>
  );
}

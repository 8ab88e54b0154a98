import { Anchor, Badge, Card, Group, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { Link } from 'react-router';
import { periodLabel } from '@app/domain';
import type { Period } from '../../api';

/**
 * A class as a card that opens it. The link is the title, named "1st Period — Math 6" (its
 * visible text plus the period shown on the badge), and covers the whole card (a11y.css
 * `card-link`), which shows the focus ring.
 */
export function PeriodCard({ period }: { period: Period }) {
  const sections = period.sectionNumbers.join(', ');
  return (
    <Card p="lg">
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
          <Anchor
            component={Link}
            to={`/class/${period._id}`}
            className="card-link"
            c="inherit"
            underline="never"
            inherit
          >
            <VisuallyHidden>{periodLabel(period.periodNumber)} — </VisuallyHidden>
            {period.name}
          </Anchor>
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

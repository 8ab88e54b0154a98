import { Anchor, Badge, Card, Group, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { Link } from 'react-router';
import { useLabels } from '../../components/giving/labels';
import { useT } from '../../i18n';
import type { Period } from '../../api';

/**
 * A class as a card that opens it. The link is the title, named "1st Period — Math 6" (its
 * visible text plus the period shown on the badge), and covers the whole card (a11y.css
 * `card-link`), which shows the focus ring.
 */
export function PeriodCard({ period }: { period: Period }) {
  const t = useT();
  const labels = useLabels();
  const sections = period.sectionNumbers.join(', ');
  const count = period.studentCount;
  return (
    <Card p="lg">
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap">
          <Badge variant="light">{labels.period(period.periodNumber)}</Badge>
          {period.isOwner ? null : (
            <Badge variant="outline" color="gray">
              {t('classroom.coTeaching')}
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
            <VisuallyHidden>
              {t('classroom.periodPrefix', { period: labels.period(period.periodNumber) })}
            </VisuallyHidden>
            {period.name}
          </Anchor>
        </Title>
        <Text fz="sm" c="dimmed">
          {sections
            ? t('classroom.sectionStudents', { sections, count })
            : t('classroom.noSectionStudents', { count })}
        </Text>
        {period.isOwner ? null : (
          <Text fz="sm">
            {t('classroom.teacherIs', {
              name: `${period.teacher.firstName} ${period.teacher.lastName}`,
            })}
          </Text>
        )}
        <Text fz="sm">
          {period.coTeacherDisplayName ? (
            t('classroom.coTeachersAre', { names: period.coTeacherDisplayName })
          ) : (
            <Text span c="dimmed" fz="sm">
              {t('classroom.noCoTeachers')}
            </Text>
          )}
        </Text>
      </Stack>
    </Card>
  );
}

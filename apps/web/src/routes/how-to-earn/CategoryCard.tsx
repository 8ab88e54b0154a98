import { Card, Group, Stack, Text, Title } from '@mantine/core';
import type { ActivityOption } from '../../api';
import { pointsColor, signedPoints } from '../../components/points';

const BLURBS: Record<string, string> = {
  Bonuses: 'Given by teachers and staff when you go above and beyond.',
  Flags: 'Taken away when things go wrong. Avoid these!',
  'Academic Pay Day': 'Paid for grades and academic progress.',
  'Daily Behavior': 'Earned each school day you get no flag.',
  'Daily Attendance': 'Earned each school day you are present.',
};

/** One category of the school's options with their points. */
export function CategoryCard({ category, options }: { category: string; options: ActivityOption[] }) {
  return (
    <Card p="lg" component="section" aria-labelledby={`cat-${category}`}>
      <Stack gap="sm">
        <Stack gap={2}>
          <Title order={2} fz="lg" id={`cat-${category}`}>
            {category}
          </Title>
          <Text fz="sm" c="dimmed">
            {BLURBS[category]}
          </Text>
        </Stack>
        {options.length ? (
          <Stack gap={6} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {options.map((o) => (
              <Group key={o._id} component="li" justify="space-between" wrap="nowrap" gap="sm">
                <Text fz="sm">{o.name}</Text>
                <Text fz="sm" fw={700} c={pointsColor(o.points)} style={{ whiteSpace: 'nowrap' }}>
                  {signedPoints(o.points)} {Math.abs(o.points) === 1 ? 'point' : 'points'}
                </Text>
              </Group>
            ))}
          </Stack>
        ) : (
          <Text fz="sm" c="dimmed">
            None at your school yet.
          </Text>
        )}
      </Stack>
    </Card>
  );
}

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

/** A flag's cost depends on who gives it (the school's flag settings), not on the flag. */
export interface FlagCost {
  admin: number;
  nonAdmin: number;
  /** The Daily Behavior points a flag also costs for its day (0 when the school has none). */
  dailyBehavior: number;
}

const points = (n: number) => `${signedPoints(n)} ${Math.abs(n) === 1 ? 'point' : 'points'}`;

/** "−3 points from a teacher, −5 from an admin", or one amount when both are the same. */
export function flagCostText(c: Pick<FlagCost, 'admin' | 'nonAdmin'>): string {
  return c.admin === c.nonAdmin
    ? points(-c.nonAdmin)
    : `${points(-c.nonAdmin)} from a teacher, ${signedPoints(-c.admin)} from an admin`;
}

/** One category of the school's options with their points. */
export function CategoryCard({
  category,
  options,
  flagCost,
}: {
  category: string;
  options: ActivityOption[];
  flagCost?: FlagCost;
}) {
  const isFlags = category === 'Flags' && flagCost !== undefined;
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
          {isFlags ? (
            <Text fz="sm" c="dimmed">
              Each flag costs {flagCostText(flagCost)}
              {flagCost.dailyBehavior > 0
                ? `, and that day's Daily Behavior points (${points(flagCost.dailyBehavior)})`
                : ''}
              .
            </Text>
          ) : null}
        </Stack>
        {options.length ? (
          <Stack gap={6} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {options.map((o) => (
              <Group key={o._id} component="li" justify="space-between" wrap="nowrap" gap="sm">
                <Text fz="sm">{o.name}</Text>
                <Text fz="sm" fw={700} c={pointsColor(o.points)} style={{ whiteSpace: 'nowrap' }}>
                  {points(o.points)}
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

import { Badge, Card, Group, Progress, SimpleGrid, Stack, Text } from '@mantine/core';
import type { DashboardStats } from '../../api';
import { formatPoints } from '../../components/points';
import { BalanceFigures, BalanceHeadline } from '../../components/BalanceSummary';

function Ladder({
  title,
  badge,
  color,
  progress,
  label,
  note,
}: {
  title: string;
  badge: string;
  color: string;
  progress: number;
  label: string;
  note: string;
}) {
  return (
    <Stack gap={6}>
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Text fw={600}>{title}</Text>
        <Badge size="lg" variant="light" color={color} tt="none">
          {badge}
        </Badge>
      </Group>
      <Progress value={progress} color={color} size="md" aria-label={label} />
      <Text fz="sm" c="dimmed">
        {note}
      </Text>
    </Stack>
  );
}

/** Balance, gem tier (from the balance now) and member level (from this year's earnings) with what it unlocks next. */
export function StandingCard({ stats }: { stats: DashboardStats }) {
  const { tier, memberStatus: level } = stats;
  const unlock = level.nextUnlock;
  return (
    <Card p="xl">
      <Stack gap="lg">
        <Group justify="space-between" align="flex-start" wrap="wrap">
          <BalanceHeadline balance={stats.balance} testId="dashboard-balance" />
          <BalanceFigures stats={stats} cols={3} />
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xl">
          <Ladder
            title="Gem tier"
            badge={`${tier.name} gem`}
            color="grape"
            progress={tier.progress}
            label={tier.next ? `Progress to the ${tier.next} gem tier` : 'Top gem tier'}
            note={
              tier.next
                ? `${formatPoints(tier.pointsToNext)} more points in your balance for ${tier.next}.`
                : 'Top gem tier reached!'
            }
          />
          <Ladder
            title="Member level"
            badge={`${level.name} member`}
            color="indigo"
            progress={level.progress}
            label={level.next ? `Progress to the ${level.next} member level` : 'Top member level'}
            note={
              unlock
                ? `${formatPoints(level.pointsToNext)} more earned this year for ${unlock.level}: it unlocks ${unlock.designs} ${unlock.theme} profile icons (free black-and-white, or ${unlock.emojiPrice}-point colour emojis).`
                : `Top member level: every profile icon is unlocked. ${formatPoints(level.yearEarned)} earned this year.`
            }
          />
        </SimpleGrid>
      </Stack>
    </Card>
  );
}

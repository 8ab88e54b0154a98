import { Badge, Card, Group, Progress, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { DashboardStats } from '../../api';
import { formatPoints, pointsColor, signedPoints } from '../../components/points';
import { Figure } from '../../components/Figure';

function Ladder({ title, badge, color, progress, label, note }: { title: string; badge: string; color: string; progress: number; label: string; note: string }) {
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
          <Stack gap={0}>
            <Text fz="sm" c="dimmed" fw={600}>
              Balance
            </Text>
            <Title order={2} fz={40} lh={1.1} data-testid="dashboard-balance" aria-label={`Balance ${stats.balance} points`}>
              {formatPoints(stats.balance)}
            </Title>
          </Stack>
          <SimpleGrid cols={3} spacing="lg">
            <Figure label="Earned yesterday" value={signedPoints(stats.earnedYesterday)} color={pointsColor(stats.earnedYesterday)} />
            <Figure label="Total earned" value={formatPoints(stats.totalEarned)} />
            <Figure label="Total spent" value={formatPoints(stats.totalSpent)} />
          </SimpleGrid>
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xl">
          <Ladder
            title="Gem tier"
            badge={`${tier.name} gem`}
            color="grape"
            progress={tier.progress}
            label={tier.next ? `Progress to the ${tier.next} gem tier` : 'Top gem tier'}
            note={tier.next ? `${formatPoints(tier.pointsToNext)} more points in your balance for ${tier.next}.` : 'Top gem tier reached!'}
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

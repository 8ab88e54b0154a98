import { Badge, Card, Group, Progress, Stack, Text } from '@mantine/core';
import { GEM_TIERS } from '@app/domain';
import type { BalanceStats } from '../../api';
import { formatPoints } from '../../components/points';
import { BalanceFigures, BalanceHeadline } from '../../components/BalanceSummary';

/** How far the balance is between its gem tier and the next (the thresholds are the domain's). */
function tierProgress(s: BalanceStats): number {
  const from = GEM_TIERS.find(([name]) => name === s.tier)?.[1] ?? 0;
  const to = GEM_TIERS.find(([name]) => name === s.nextTier)?.[1];
  if (to === undefined) return 100;
  return Math.max(0, Math.min(100, ((s.balance - from) / (to - from)) * 100));
}

/** The student's balance, yesterday's earnings, totals, gem tier and member status. */
export function BalanceCard({ stats }: { stats: BalanceStats }) {
  return (
    <Card p="xl">
      <Stack gap="lg">
        <Group justify="space-between" align="flex-start" wrap="wrap">
          <BalanceHeadline balance={stats.balance} />
          <Group gap="lg" align="flex-start">
            {/* Two different ladders side by side: say what each one measures. */}
            <Stack gap={4} align="flex-end">
              <Badge size="lg" variant="light" color="grape" tt="none">
                {stats.tier} gem
              </Badge>
              <Text fz="xs" c="dimmed">
                Gem tier: from your balance now
              </Text>
            </Stack>
            <Stack gap={4} align="flex-end">
              <Badge size="lg" variant="outline" color="gray" tt="none">
                {stats.memberStatus} member
              </Badge>
              <Text fz="xs" c="dimmed">
                Member level: from all you earned this year; unlocks profile icons
              </Text>
            </Stack>
          </Group>
        </Group>
        <Stack gap={6}>
          <Progress value={tierProgress(stats)} color="grape" size="md" aria-label="Progress to the next gem tier" />
          <Text fz="sm" c="dimmed">
            {stats.nextTier ? `${formatPoints(stats.pointsToNextTier)} points to ${stats.nextTier}` : 'Top gem tier reached!'}
            {stats.nextMemberStatus
              ? ` · ${formatPoints(stats.pointsToNextMemberStatus)} more earned for ${stats.nextMemberStatus} member status`
              : ''}
          </Text>
        </Stack>
        <BalanceFigures stats={stats} cols={{ base: 1, xs: 3 }} />
      </Stack>
    </Card>
  );
}

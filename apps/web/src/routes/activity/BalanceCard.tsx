import { Badge, Card, Group, Progress, Stack, Text } from '@mantine/core';
import { gemProgress } from '@app/domain';
import type { BalanceStats } from '../../api';
import { formatPoints } from '../../components/points';
import { BalanceFigures, BalanceHeadline } from '../../components/BalanceSummary';

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
          <Progress
            value={gemProgress(stats.balance)}
            color="grape"
            size="md"
            aria-label="Progress to the next gem tier"
          />
          <Text fz="sm" c="dimmed">
            {stats.nextTier
              ? `${formatPoints(stats.pointsToNextTier)} points to ${stats.nextTier}`
              : 'Top gem tier reached!'}
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

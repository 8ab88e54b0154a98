import { Badge, Card, Group, Progress, Stack, Text } from '@mantine/core';
import { gemProgress } from '@app/domain';
import type { BalanceStats } from '../../api';
import { BalanceFigures, BalanceHeadline } from '../../components/BalanceSummary';
import { useLabels } from '../../components/giving/labels';
import { useT } from '../../i18n';

/** The student's balance, yesterday's earnings, totals, gem tier and member status. */
export function BalanceCard({ stats }: { stats: BalanceStats }) {
  const t = useT();
  const labels = useLabels();
  return (
    <Card p="xl">
      <Stack gap="lg">
        <Group justify="space-between" align="flex-start" wrap="wrap">
          <BalanceHeadline balance={stats.balance} />
          <Group gap="lg" align="flex-start">
            {/* Two different ladders side by side: say what each one measures. */}
            <Stack gap={4} align="flex-end">
              <Badge size="lg" variant="light" color="grape" tt="none">
                {t('activity.gem', { tier: labels.tier(stats.tier) })}
              </Badge>
              <Text fz="xs" c="dimmed">
                {t('activity.gemTierNote')}
              </Text>
            </Stack>
            <Stack gap={4} align="flex-end">
              <Badge size="lg" variant="outline" color="gray" tt="none">
                {t('activity.member', { level: labels.tier(stats.memberStatus) })}
              </Badge>
              <Text fz="xs" c="dimmed">
                {t('activity.memberNote')}
              </Text>
            </Stack>
          </Group>
        </Group>
        <Stack gap={6}>
          <Progress
            value={gemProgress(stats.balance)}
            color="grape"
            size="md"
            aria-label={t('activity.progressLabel')}
          />
          <Text fz="sm" c="dimmed">
            {stats.nextTier
              ? t('activity.toNextTier', {
                  count: stats.pointsToNextTier,
                  tier: labels.tier(stats.nextTier),
                })
              : t('activity.topTier')}
            {stats.nextMemberStatus
              ? t('activity.toNextMember', {
                  count: stats.pointsToNextMemberStatus,
                  level: labels.tier(stats.nextMemberStatus),
                })
              : null}
          </Text>
        </Stack>
        <BalanceFigures stats={stats} cols={{ base: 1, xs: 3 }} />
      </Stack>
    </Card>
  );
}

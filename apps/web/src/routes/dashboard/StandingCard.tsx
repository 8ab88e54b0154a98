import { Badge, Card, Group, Progress, SimpleGrid, Stack, Text } from '@mantine/core';
import type { DashboardStats } from '../../api';
import { BalanceFigures, BalanceHeadline } from '../../components/BalanceSummary';
import { useLabels } from '../../components/giving/labels';
import { useT } from '../../i18n';

/** A member level's icon theme as a catalogue choice: 'nature and weather' → 'natureAndWeather'. */
const themeKey = (theme: string) => theme.replace(/ (\w)/g, (_m, c: string) => c.toUpperCase());

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
  const t = useT();
  const labels = useLabels();
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
            title={t('dashboard.gemTier')}
            badge={t('activity.gem', { tier: labels.tier(tier.name) })}
            color="grape"
            progress={tier.progress}
            label={
              tier.next
                ? t('dashboard.progressGem', { tier: labels.tier(tier.next) })
                : t('dashboard.topGemTier')
            }
            note={
              tier.next
                ? t('dashboard.moreForTier', {
                    count: tier.pointsToNext,
                    tier: labels.tier(tier.next),
                  })
                : t('activity.topTier')
            }
          />
          <Ladder
            title={t('dashboard.memberLevel')}
            badge={t('activity.member', { level: labels.tier(level.name) })}
            color="indigo"
            progress={level.progress}
            label={
              level.next
                ? t('dashboard.progressMember', { level: labels.tier(level.next) })
                : t('dashboard.topMemberLevel')
            }
            note={
              unlock
                ? t('dashboard.unlockNote', {
                    count: level.pointsToNext,
                    level: labels.tier(unlock.level),
                    designs: unlock.designs,
                    theme: t('dashboard.theme', { theme: themeKey(unlock.theme) }),
                    price: unlock.emojiPrice,
                  })
                : t('dashboard.topMemberNote', { count: level.yearEarned })
            }
          />
        </SimpleGrid>
      </Stack>
    </Card>
  );
}

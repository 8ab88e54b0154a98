import { SimpleGrid, Stack, Text, Title, type SimpleGridProps } from '@mantine/core';
import { useFormat, useT } from '../i18n';
import { pointsColor, signedPoints } from './points';
import { Figure } from './Figure';

/** The big balance figure heading a student's card (My Activity, the dashboard). */
export function BalanceHeadline({ balance, testId }: { balance: number; testId?: string }) {
  const t = useT();
  const f = useFormat();
  return (
    <Stack gap={0}>
      <Text fz="sm" c="dimmed" fw={600}>
        {t('common.balance')}
      </Text>
      <Title
        order={2}
        fz={40}
        lh={1.1}
        data-testid={testId}
        aria-label={t('common.balanceAria', { count: balance })}
      >
        {f.number(balance)}
      </Title>
    </Stack>
  );
}

/** Earned yesterday, total earned and total spent, side by side. */
export function BalanceFigures({
  stats,
  cols,
}: {
  stats: { earnedYesterday: number; totalEarned: number; totalSpent: number };
  cols: SimpleGridProps['cols'];
}) {
  const t = useT();
  const f = useFormat();
  return (
    <SimpleGrid cols={cols} spacing="lg">
      <Figure
        label={t('common.earnedYesterday')}
        value={signedPoints(stats.earnedYesterday, f.number)}
        color={pointsColor(stats.earnedYesterday)}
      />
      <Figure label={t('common.totalEarned')} value={f.number(stats.totalEarned)} />
      <Figure label={t('common.totalSpent')} value={f.number(stats.totalSpent)} />
    </SimpleGrid>
  );
}

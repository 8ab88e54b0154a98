import { SimpleGrid, Stack, Text, Title, type SimpleGridProps } from '@mantine/core';
import { formatPoints, pointsColor, signedPoints } from './points';
import { Figure } from './Figure';

/** The big balance figure heading a student's card (My Activity, the dashboard). */
export function BalanceHeadline({ balance, testId }: { balance: number; testId?: string }) {
  return (
    <Stack gap={0}>
      <Text fz="sm" c="dimmed" fw={600}>
        Balance
      </Text>
      <Title
        order={2}
        fz={40}
        lh={1.1}
        data-testid={testId}
        aria-label={`Balance ${balance} points`}
      >
        {formatPoints(balance)}
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
  return (
    <SimpleGrid cols={cols} spacing="lg">
      <Figure
        label="Earned yesterday"
        value={signedPoints(stats.earnedYesterday)}
        color={pointsColor(stats.earnedYesterday)}
      />
      <Figure label="Total earned" value={formatPoints(stats.totalEarned)} />
      <Figure label="Total spent" value={formatPoints(stats.totalSpent)} />
    </SimpleGrid>
  );
}

import {
  Alert,
  Anchor,
  Button,
  Card,
  CloseButton,
  Group,
  Progress,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useMutation, useQueries, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { goalNoteText, goalProgress } from '@app/domain';
import { afterGoalChange, balances, goal, queryKeys, unwrap } from '../../api';
import { formatPoints } from '../../components/points';
import { QueryState } from '../../components/QueryState';

const pts = (n: number) => `${formatPoints(n)} ${n === 1 ? 'point' : 'points'}`;

/**
 * The student's saving goal on the home page (docs/decisions/107-saving-goals.md): how far the
 * balance is from the pinned product, or the note of a goal the server unpinned, until dismissed.
 */
export function GoalCard() {
  const queryClient = useQueryClient();
  const [g, stats] = useQueries({
    queries: [
      { queryKey: queryKeys.goal, queryFn: () => unwrap(goal.get()) },
      { queryKey: queryKeys.balanceStats, queryFn: () => unwrap(balances.stats()) },
    ],
  });
  const clear = useMutation({
    mutationFn: () => unwrap(goal.clear()),
    onSuccess: () => afterGoalChange(queryClient),
  });
  const both = {
    isPending: g.isPending || stats.isPending,
    error: g.error ?? stats.error,
    refetch: () => Promise.all([g.refetch(), stats.refetch()]),
    data: g.data && stats.data ? { state: g.data, balance: stats.data.balance } : undefined,
  };
  return (
    <Card p="lg" component="section" aria-labelledby="goal-title">
      <Title order={2} fz="lg" id="goal-title" mb="sm">
        My goal
      </Title>
      <QueryState query={both} size="section" loading="Loading your goal">
        {({ state, balance }) => {
          if (state.note)
            return (
              <Alert
                color="blue"
                variant="light"
                withCloseButton={false}
                title="Your goal was unpinned"
              >
                <Group justify="space-between" wrap="nowrap" align="flex-start">
                  <Text fz="sm">
                    {goalNoteText(state.note)}{' '}
                    <Anchor component={Link} to="/store">
                      Go to the store
                    </Anchor>
                  </Text>
                  <CloseButton
                    aria-label="Dismiss the note"
                    onClick={() => clear.mutate()}
                    disabled={clear.isPending}
                  />
                </Group>
              </Alert>
            );
          if (!state.goal)
            return (
              <Stack gap="xs" align="flex-start">
                <Text fz="sm" c="dimmed">
                  Pick something in the store to save for, and see here how close you are.
                </Text>
                <Button component={Link} to="/store" variant="light" size="sm">
                  Choose a goal
                </Button>
              </Stack>
            );
          const { product } = state.goal;
          const { remaining, percent } = goalProgress(balance, product.price);
          const status = remaining
            ? `${formatPoints(remaining)} more ${remaining === 1 ? 'point' : 'points'}`
            : 'You have enough points. Get it in the store!';
          return (
            <Stack gap="xs">
              <Group justify="space-between" wrap="wrap" gap="xs">
                <Text fw={700}>{product.name}</Text>
                <Text fz="sm" c="dimmed">
                  {pts(Math.max(0, balance))} of {pts(product.price)}
                </Text>
              </Group>
              <Progress
                value={percent}
                size="lg"
                radius="xl"
                color={remaining ? 'blue' : 'teal'}
                aria-label={`Saved toward ${product.name}: ${percent}%`}
              />
              <Group justify="space-between" wrap="wrap" gap="xs">
                <Text fz="sm" data-testid="goal-status">
                  {status}
                </Text>
                <Button
                  variant="subtle"
                  size="compact-sm"
                  onClick={() => clear.mutate()}
                  loading={clear.isPending}
                >
                  Unpin
                </Button>
              </Group>
            </Stack>
          );
        }}
      </QueryState>
    </Card>
  );
}

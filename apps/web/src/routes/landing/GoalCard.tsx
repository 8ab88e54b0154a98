import { Alert, Anchor, Button, CloseButton, Group, Progress, Stack, Text } from '@mantine/core';
import { useMutation, useQueries, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { GOAL_NOTE_KEYS, goalProgress } from '@app/domain';
import { afterGoalChange, api, queryKeys, unwrap } from '../../api';
import { QueryState } from '../../components/QueryState';
import { useT } from '../../i18n';
import { SPACE } from '../../components/space';
import { GoalFrame } from './GoalFrame';

/**
 * The student's saving goal on the home page (docs/decisions/107-saving-goals.md): how far the
 * balance is from the pinned product, or the note of a goal the server unpinned, until dismissed.
 */
export function GoalCard() {
  const t = useT();
  const queryClient = useQueryClient();
  const [g, stats] = useQueries({
    queries: [
      { queryKey: queryKeys.goal, queryFn: () => unwrap(api.goal.get()) },
      { queryKey: queryKeys.balanceStats, queryFn: () => unwrap(api.utility.balanceStats()) },
    ],
  });
  const clear = useMutation({
    mutationFn: () => unwrap(api.goal.clear()),
    onSuccess: () => afterGoalChange(queryClient),
  });
  const both = {
    isPending: g.isPending || stats.isPending,
    error: g.error ?? stats.error,
    refetch: () => Promise.all([g.refetch(), stats.refetch()]),
    data: g.data && stats.data ? { state: g.data, balance: stats.data.balance } : undefined,
  };
  return (
    <GoalFrame>
      <QueryState query={both} size="section" loading={t('welcome.goalLoading')}>
        {({ state, balance }) => {
          if (state.note)
            return (
              <Alert
                color="blue"
                variant="light"
                withCloseButton={false}
                title={t('welcome.goalUnpinned')}
              >
                <Group justify="space-between" wrap="nowrap" align="flex-start">
                  <Text fz="sm">
                    {t(GOAL_NOTE_KEYS[state.note.reason], { product: state.note.productName })}
                    {SPACE}
                    <Anchor component={Link} to="/store">
                      {t('welcome.goToStore')}
                    </Anchor>
                  </Text>
                  <CloseButton
                    aria-label={t('welcome.goalDismiss')}
                    onClick={() => clear.mutate()}
                    disabled={clear.isPending}
                  />
                </Group>
              </Alert>
            );
          if (!state.goal) return <NoGoal />;
          const { product } = state.goal;
          const { remaining, percent } = goalProgress(balance, product.price);
          const status = remaining
            ? t('welcome.goalMore', { count: remaining })
            : t('welcome.goalEnough');
          return (
            <Stack gap="xs">
              <Group justify="space-between" wrap="wrap" gap="xs">
                <Text fw={700}>{product.name}</Text>
                <Text fz="sm" c="dimmed">
                  {t('welcome.goalOf', { saved: Math.max(0, balance), price: product.price })}
                </Text>
              </Group>
              <Progress
                value={percent}
                size="lg"
                radius="xl"
                color={remaining ? 'blue' : 'teal'}
                aria-label={t('welcome.goalSaved', { product: product.name, percent })}
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
                  {t('welcome.goalUnpin')}
                </Button>
              </Group>
            </Stack>
          );
        }}
      </QueryState>
    </GoalFrame>
  );
}

/** No goal yet: the way to the store to choose one. */
function NoGoal() {
  const t = useT();
  return (
    <Stack gap="xs" align="flex-start">
      <Text fz="sm" c="dimmed">
        {t('welcome.goalEmpty')}
      </Text>
      <Button component={Link} to="/store" variant="light" size="sm">
        {t('welcome.goalChoose')}
      </Button>
    </Stack>
  );
}

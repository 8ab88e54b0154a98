import { Button, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { afterGoalChange, api, queryKeys, unwrap, type Product } from '../../api';
import { useT } from '../../i18n';

/**
 * A product's "My goal" toggle in My Store (docs/decisions/107-saving-goals.md): pressed for the
 * pinned product; pinning another replaces it, pressing the pinned one unpins it.
 */
export function GoalPin({ product, pinned }: { product: Product; pinned: boolean }) {
  const t = useT();
  const queryClient = useQueryClient();
  const toggle = useMutation({
    mutationFn: () =>
      unwrap(pinned ? api.goal.clear() : api.goal.pin({ body: { productId: product._id } })),
    onSuccess: (state) => {
      queryClient.setQueryData(queryKeys.goal, state);
      return afterGoalChange(queryClient);
    },
  });
  const soldOut = product.stock !== null && product.stock <= 0;
  return (
    <>
      <Button
        variant={pinned ? 'light' : 'subtle'}
        size="compact-sm"
        aria-pressed={pinned}
        aria-label={t('store.goalAria', { name: product.name })}
        onClick={() => toggle.mutate()}
        loading={toggle.isPending}
        disabled={soldOut && !pinned}
        fullWidth
      >
        {t('store.goal', { pinned: pinned ? 'yes' : 'no' })}
      </Button>
      {toggle.error ? (
        <Text fz="xs" c="red" ta="center" role="alert">
          {toggle.error.message}
        </Text>
      ) : null}
    </>
  );
}

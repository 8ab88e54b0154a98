import { Button, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { activity, afterGive, afterUndo, isFailure, unwrap, type BulkGiveBody, type GiveResult } from '../api';
import { giveResultText, pointsPerStudent } from './giveText';
import { playGiveSound, soundForPoints } from './sounds';

/** How long a give's toast (and its Undo) stays. */
export const UNDO_MS = 10_000;

/** Takes the whole give back and says how it went, in the same toast. */
async function undo(queryClient: QueryClient, r: GiveResult, toastId: string) {
  notifications.update({ id: toastId, loading: true, title: 'Undoing…', message: giveResultText(r), autoClose: false, withCloseButton: false });
  const res = await activity.undoGive(r.giveId);
  void afterUndo(queryClient);
  const failed = isFailure(res);
  notifications.update({
    id: toastId,
    loading: false,
    color: failed ? 'red' : 'gray',
    title: failed ? 'Could not undo' : 'Undone',
    message: failed ? res.message : 'The points were taken back.',
    autoClose: 5000,
    withCloseButton: true,
  });
}

/** POST activity/bulk; on success the bonus or flag sound, fresh stats and a toast that says all it cost, with Undo. */
export function useGive(onGiven?: (r: GiveResult) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BulkGiveBody) => unwrap(activity.give(body)),
    onSuccess: (r) => {
      const each = pointsPerStudent(r);
      playGiveSound(soundForPoints(each));
      const toastId = `give-${r.giveId}`;
      notifications.show({
        id: toastId,
        color: each < 0 ? 'red' : 'teal',
        title: each < 0 ? 'Flag given' : 'Bonus given',
        autoClose: UNDO_MS,
        message: (
          <Group justify="space-between" wrap="nowrap" gap="sm">
            <Text size="sm">{giveResultText(r)}</Text>
            <Button size="compact-sm" variant="default" onClick={() => void undo(queryClient, r, toastId)}>
              Undo
            </Button>
          </Group>
        ),
      });
      void afterGive(queryClient);
      onGiven?.(r);
    },
  });
}

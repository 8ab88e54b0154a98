import { Button, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  activity,
  afterGive,
  afterUndo,
  isFailure,
  newIdempotencyKey,
  type GiveResult,
} from '../../api';
import { giveResultText, pointsPerStudent } from './giveText';
import { giveSender } from './sendGive';
import { playGiveSound, soundForPoints } from './sounds';

/** How long a give's toast (and its Undo) stays. */
const UNDO_MS = 10_000;

/** Takes the whole give back and says how it went, in the same toast (one key per toast: a second click is the same Undo). */
async function undo(
  queryClient: QueryClient,
  r: GiveResult,
  toastId: string,
  idempotencyKey: string,
) {
  notifications.update({
    id: toastId,
    loading: true,
    title: 'Undoing…',
    message: giveResultText(r),
    autoClose: false,
    withCloseButton: false,
  });
  const res = await activity.undoGive(r.giveId, idempotencyKey);
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

/**
 * POST activity/bulk with one Idempotency-Key per attempt; on success the bonus or flag sound,
 * fresh stats and a toast that says all it cost, with Undo.
 */
export function useGive(onGiven?: (r: GiveResult) => void) {
  const queryClient = useQueryClient();
  const [sender] = useState(giveSender);
  return useMutation({
    mutationFn: sender.send,
    onSuccess: (r) => {
      sender.given();
      const each = pointsPerStudent(r);
      const undoKey = newIdempotencyKey();
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
            <Button
              size="compact-sm"
              variant="default"
              onClick={() => void undo(queryClient, r, toastId, undoKey)}
            >
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

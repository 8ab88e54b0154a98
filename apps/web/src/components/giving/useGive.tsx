import { Button, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  afterGive,
  api,
  afterUndo,
  isFailure,
  newIdempotencyKey,
  type GiveResult,
} from '../../api';
import { useT } from '../../i18n';
import type { Translate } from '../../i18n/useT';
import { giveResultText, pointsPerStudent } from './giveText';
import { giveSender } from './sendGive';
import { playGiveSound, soundForPoints } from './sounds';

/** How long a give's toast (and its Undo) stays. */
const UNDO_MS = 10_000;

/** Takes the whole give back and says how it went, in the same toast (one key per toast: a second click is the same Undo). */
async function undo(
  t: Translate,
  queryClient: QueryClient,
  r: GiveResult,
  toastId: string,
  idempotencyKey: string,
) {
  notifications.update({
    id: toastId,
    loading: true,
    title: t('giving.undoing'),
    message: giveResultText(t, r),
    autoClose: false,
    withCloseButton: false,
  });
  const res = await api.activity.undoGive({
    params: { id: r.giveId },
    headers: { 'idempotency-key': idempotencyKey },
  });
  void afterUndo(queryClient);
  const failed = isFailure(res);
  notifications.update({
    id: toastId,
    loading: false,
    color: failed ? 'red' : 'gray',
    title: t(failed ? 'giving.undoFailed' : 'giving.undone'),
    message: failed ? res.message : t('giving.takenBack'),
    autoClose: 5000,
    withCloseButton: true,
  });
}

/**
 * POST activity/bulk with one Idempotency-Key per attempt; on success the bonus or flag sound,
 * fresh stats and a toast that says all it cost, with Undo.
 */
export function useGive(onGiven?: (r: GiveResult) => void) {
  const t = useT();
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
        title: t(each < 0 ? 'giving.flagGiven' : 'giving.bonusGiven'),
        autoClose: UNDO_MS,
        message: (
          <Group justify="space-between" wrap="nowrap" gap="sm">
            <Text size="sm">{giveResultText(t, r)}</Text>
            <Button
              size="compact-sm"
              variant="default"
              onClick={() => void undo(t, queryClient, r, toastId, undoKey)}
            >
              {t('giving.undo')}
            </Button>
          </Group>
        ),
      });
      void afterGive(queryClient);
      onGiven?.(r);
    },
  });
}

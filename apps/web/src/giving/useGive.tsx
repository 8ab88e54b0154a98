import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { activity, unwrap, type BulkGiveBody, type GiveResult } from '../api';
import { giveResultText, pointsPerStudent } from './giveText';
import { playGiveSound, soundForPoints } from './sounds';

/** Balances, class stats and lists that a give changes. */
const CHANGED = [['class-stats'], ['activities'], ['balance-stats'], ['activity-options'], ['houses']];

/** POST activity/bulk; on success a toast, the bonus or flag sound, and fresh stats. */
export function useGive(onGiven?: (r: GiveResult) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BulkGiveBody) => unwrap(activity.give(body)),
    onSuccess: (r) => {
      const each = pointsPerStudent(r);
      playGiveSound(soundForPoints(each));
      notifications.show({ color: each < 0 ? 'red' : 'teal', title: each < 0 ? 'Flag given' : 'Bonus given', message: giveResultText(r) });
      for (const queryKey of CHANGED) void queryClient.invalidateQueries({ queryKey });
      onGiven?.(r);
    },
  });
}

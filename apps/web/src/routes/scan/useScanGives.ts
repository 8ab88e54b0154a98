import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { formatBadgeCode, normalizeBadgeCode } from '@app/domain';
import { afterGive, afterUndo, api, isFailure, newIdempotencyKey } from '../../api';
import type { ActivityOption, SessionUser } from '../../api';
import { playGiveSound, soundForPoints } from '../../components/giving/sounds';
import { useT } from '../../i18n';
import { giveQueue } from '../../offline/give-queue';
import { sendWaitingGives } from '../../offline/send-gives';
import { findStudent } from './findStudent';
import { addResult, patchResult, sameRead, sendingToWaiting, type ScanResult } from './scanResults';

/** A give's feel: its sound (rising for a bonus, falling for a flag) and a buzz where there is one. */
function feedback(points: number) {
  playGiveSound(soundForPoints(points));
  try {
    navigator.vibrate?.(points < 0 ? [80, 60, 80] : 80);
  } catch {
    // No vibration on this device.
  }
}

/** Takes a give back on the server: the Undo of /scan. */
const undoOnServer = (giveId: string) =>
  api.activity.undoGive({
    params: { id: giveId },
    headers: { 'idempotency-key': newIdempotencyKey() },
  });

/**
 * /scan's gives (issue 35): each badge read (or code typed) gives `action` to its student. The give
 * is kept on the device first (with its Idempotency-Key and the time the badge was read), then sent
 * with any that wait before it; with no network it waits, and is sent when the network returns.
 */
export function useScanGives(user: SessionUser, action: ActivityOption | null) {
  const t = useT();
  const queryClient = useQueryClient();
  const [results, setResults] = useState<ScanResult[]>([]);
  const [notice, setNotice] = useState<string | null>(null);
  const lastRead = useRef<{ text: string; at: number } | null>(null);
  // Gives undone while they waited: if one reached the server meanwhile, it is taken back there.
  const undoneWhileWaiting = useRef(new Set<string>());

  useEffect(
    () =>
      giveQueue.onSent((give, result) => {
        if (undoneWhileWaiting.current.has(give.idempotencyKey)) {
          void undoOnServer(result.giveId).then((r) => {
            if (isFailure(r))
              setResults((list) =>
                patchResult(list, give.idempotencyKey, {
                  status: 'undoFailed',
                  message: r.message,
                }),
              );
          });
          return;
        }
        setResults((list) =>
          patchResult(list, give.idempotencyKey, { status: 'given', giveId: result.giveId }),
        );
        void afterGive(queryClient);
      }),
    [queryClient],
  );

  const give = useCallback(
    async (text: string, fromCamera: boolean): Promise<boolean> => {
      if (!action) return false;
      const at = Date.now();
      if (fromCamera) {
        // A badge held up is read again and again: once it has been away 3 s, it gives again.
        const again = sameRead(lastRead.current, text, at);
        lastRead.current = { text, at };
        if (again) return false;
      }
      const code = normalizeBadgeCode(text);
      if (!code) {
        setNotice(t('scan.notABadge', { code: text.trim().slice(0, 40) }));
        return false;
      }
      const found = await findStudent(user._id, code);
      if ('problem' in found) {
        setNotice(
          found.problem === 'unknownOffline'
            ? t('scan.unknownOffline')
            : t('scan.lookupFailed', { code: formatBadgeCode(code), message: found.message }),
        );
        return false;
      }
      setNotice(null);
      const key = newIdempotencyKey();
      const what = { name: action.name, points: action.points };
      feedback(action.points);
      setResults((list) =>
        addResult(list, { key, name: found.name, action: what, status: 'sending', at }),
      );
      await giveQueue.add({
        idempotencyKey: key,
        body: {
          externalStudentIds: [found.externalId],
          activityTypes: [action._id],
          madeAt: new Date(at).toISOString(),
        },
        madeAt: new Date(at).toISOString(),
        studentName: found.name,
        action: what,
        userId: user._id,
      });
      await sendWaitingGives(user._id).catch(() => undefined);
      setResults((list) => sendingToWaiting(list, key));
      return true;
    },
    [action, t, user._id],
  );

  const undo = useCallback(
    async (r: ScanResult) => {
      setResults((list) => patchResult(list, r.key, { status: 'undoing' }));
      if (!r.giveId) {
        undoneWhileWaiting.current.add(r.key);
        await giveQueue.drop(r.key);
        setResults((list) => patchResult(list, r.key, { status: 'undone' }));
        return;
      }
      const res = await undoOnServer(r.giveId);
      void afterUndo(queryClient);
      setResults((list) =>
        patchResult(
          list,
          r.key,
          isFailure(res) ? { status: 'undoFailed', message: res.message } : { status: 'undone' },
        ),
      );
    },
    [queryClient],
  );

  return { results, notice, give, undo };
}

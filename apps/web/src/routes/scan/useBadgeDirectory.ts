import { useEffect } from 'react';
import { allows } from '@app/domain';
import { api, isFailure, type SessionUser } from '../../api';
import { rememberBadges } from '../../offline/badge-directory';
import { usePeriods } from '../../session';

/**
 * While /scan is open online, the badges of the giver's classes are kept on the device (issue 35),
 * so that a badge read later with no network still names its student. POST badges makes a code for
 * a student who has none yet, as printing would.
 */
export function useBadgeDirectory(user: SessionUser, online: boolean): void {
  const periods = usePeriods();
  const mayPrint = allows(user, 'badges:print');
  const ids = (periods.data ?? []).map((p) => p._id).join(',');
  useEffect(() => {
    if (!online || !mayPrint || !ids) return;
    let stopped = false;
    void (async () => {
      for (const periodId of ids.split(',')) {
        if (stopped) return;
        const r = await api.badges.print({ body: { periodId } });
        if (!isFailure(r)) await rememberBadges(user._id, r.badges).catch(() => undefined);
      }
    })();
    return () => {
      stopped = true;
    };
  }, [online, mayPrint, ids, user._id]);
}

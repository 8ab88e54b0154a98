import { useEffect } from 'react';
import { allows } from '@app/domain';
import type { SessionUser } from '../api';
import { registerServiceWorker } from './register-sw';

/**
 * The offline app is the givers' (issue 35): once someone who may give is signed in, the service
 * worker is registered (the app then opens with no network), and the gives kept on the device go
 * out when the app opens and whenever the network returns, on whatever page the giver is. The
 * queue's code loads only for them.
 */
export function useOfflineGiving(user: SessionUser | null): void {
  const giver = user && allows(user, 'activity:give') ? user._id : null;
  useEffect(() => {
    if (!giver) return;
    registerServiceWorker();
    const send = () =>
      void import('./send-gives').then((m) => m.sendWaitingGives(giver)).catch(() => undefined);
    send();
    window.addEventListener('online', send);
    return () => window.removeEventListener('online', send);
  }, [giver]);
}

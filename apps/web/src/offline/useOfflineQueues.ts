import { useEffect } from 'react';
import { allows } from '@app/domain';
import type { SessionUser } from '../api';
import { registerServiceWorker } from './register-sw';

/**
 * The offline app is the givers' and the counter's (issue 35): once someone who may give or sell
 * at the counter is signed in, the service worker is registered (the app then opens with no
 * network), and the gives and sales kept on the device go out when the app opens and whenever the
 * network returns, on whatever page they are. The queues' code loads only for them.
 */
export function useOfflineQueues(user: SessionUser | null): void {
  const giver = user && allows(user, 'activity:give') ? user._id : null;
  const counterSchool = user && allows(user, 'counter:use') ? user.school._id : null;
  useEffect(() => {
    if (!giver && !counterSchool) return;
    registerServiceWorker();
    const send = () => {
      if (giver)
        void import('./send-gives').then((m) => m.sendWaitingGives(giver)).catch(() => undefined);
      if (counterSchool)
        void import('./send-sales')
          .then((m) => m.sendWaitingSales(counterSchool))
          .catch(() => undefined);
    };
    send();
    window.addEventListener('online', send);
    return () => window.removeEventListener('online', send);
  }, [giver, counterSchool]);
}

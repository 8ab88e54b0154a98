import { useEffect, useState } from 'react';
import { giveQueue, type QueuedGive } from '../../offline/give-queue';

/** The giver's gives kept on this device (issue 35), read again whenever the queue changes. */
export function useQueuedGives(userId: string): QueuedGive[] {
  const [gives, setGives] = useState<QueuedGive[]>([]);
  useEffect(() => {
    let live = true;
    const read = () =>
      void giveQueue
        .read()
        .then((all) => live && setGives(all.filter((g) => g.userId === userId)))
        .catch(() => undefined);
    read();
    const stop = giveQueue.subscribe(read);
    return () => {
      live = false;
      stop();
    };
  }, [userId]);
  return gives;
}

/** Whether the browser says it is online, following its online and offline events. */
export function useOnline(): boolean {
  const [online, setOnline] = useState(() => navigator.onLine);
  useEffect(() => {
    const on = () => setOnline(true);
    const off = () => setOnline(false);
    window.addEventListener('online', on);
    window.addEventListener('offline', off);
    return () => {
      window.removeEventListener('online', on);
      window.removeEventListener('offline', off);
    };
  }, []);
  return online;
}

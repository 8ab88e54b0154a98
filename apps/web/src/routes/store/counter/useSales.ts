import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { CounterSale, CounterSaleBody } from '@app/domain';
import { afterOrder, Attempts } from '../../../api';
import { salesQueue, type QueuedSale } from '../../../offline/sales-queue';
import { sendSale, sendWaitingSales, type SaleAnswer } from '../../../offline/send-sales';

/** What became of a sale: sold (its receipt), kept on the device to send later, or refused. */
export type SaleOutcome =
  { kind: 'sold'; sale: CounterSale } | { kind: 'queued' } | { kind: 'refused'; message: string };

/**
 * Sells at the counter: one Idempotency-Key per sale (a retry of the same sale keeps it), and with no
 * network the sale is kept on the device with that key, to be sent when the network returns.
 */
export function useSell(schoolId: string) {
  const attempts = useRef(new Attempts());
  const queryClient = useQueryClient();
  return useCallback(
    async (body: CounterSaleBody, studentName: string, total: number): Promise<SaleOutcome> => {
      const key = attempts.current.keyFor(body);
      const answer: SaleAnswer = navigator.onLine ? await sendSale(body, key) : { refused: null };
      attempts.current.done();
      if ('sale' in answer) {
        await afterOrder(queryClient);
        return { kind: 'sold', sale: answer.sale };
      }
      if (answer.refused !== null) return { kind: 'refused', message: answer.refused };
      const madeAt = new Date().toISOString();
      await salesQueue.add({ idempotencyKey: key, body, studentName, total, madeAt, schoolId });
      return { kind: 'queued' };
    },
    [queryClient, schoolId],
  );
}

/** How often waiting sales are tried again while the browser says it is online. */
const RETRY_MS = 20_000;

/**
 * The school's sales kept on this device: sent on opening, when the network returns and every
 * little while; `sentTo` names the student of the last one that went through.
 */
export function useSalesQueue(schoolId: string) {
  const queryClient = useQueryClient();
  const [sales, setSales] = useState<QueuedSale[]>([]);
  const [sentTo, setSentTo] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    const load = () =>
      void salesQueue
        .read()
        .then((all) => live && setSales(all.filter((s) => s.schoolId === schoolId)))
        .catch(() => undefined);
    const unsubscribe = salesQueue.subscribe(load);
    load();
    return () => {
      live = false;
      unsubscribe();
    };
  }, [schoolId]);

  const flush = useCallback(async () => {
    const answered = await sendWaitingSales(schoolId, (sale) => setSentTo(sale.studentName)).catch(
      () => 0,
    );
    if (answered > 0) await afterOrder(queryClient);
  }, [queryClient, schoolId]);

  useEffect(() => {
    void flush();
    const online = () => void flush();
    window.addEventListener('online', online);
    const timer = window.setInterval(() => {
      if (navigator.onLine) void flush();
    }, RETRY_MS);
    return () => {
      window.removeEventListener('online', online);
      window.clearInterval(timer);
    };
  }, [flush]);

  return {
    waiting: sales.filter((s) => s.status === 'waiting'),
    refused: sales.filter((s) => s.status === 'refused'),
    sentTo,
    flush,
    drop: (key: string) => void salesQueue.drop(key).catch(() => undefined),
  };
}

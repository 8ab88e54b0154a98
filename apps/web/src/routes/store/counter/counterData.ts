import { useQuery } from '@tanstack/react-query';
import type { CounterProduct, CounterStudent } from '@app/domain';
import { api, isFailure, queryKeys } from '../../../api';
import {
  recallProducts,
  recallStudent,
  rememberProducts,
  rememberStudent,
} from '../../../offline/counter-cache';
import { unreached } from '../../../offline/reached';

/** What the counter shows of a student: as the server answered now, or as last seen (no network). */
export interface Found {
  found: CounterStudent;
  lastKnown: boolean;
}

async function findStudent(code: string): Promise<Found> {
  const r = await api.counter.student({ params: { code } });
  if (!isFailure(r)) {
    void rememberStudent(code, r).catch(() => undefined);
    return { found: r, lastKnown: false };
  }
  const seen = unreached(r.message) ? await recallStudent(code).catch(() => null) : null;
  if (seen) return { found: seen, lastKnown: true };
  throw new Error(r.message);
}

/** The student a badge code names, with their balance and orders to hand over. */
export function useCounterStudent(code: string | null) {
  return useQuery({
    queryKey: queryKeys.counter.student(code),
    queryFn: () => findStudent(code!),
    enabled: code !== null,
    retry: false,
    refetchOnWindowFocus: false,
  });
}

async function listProducts(): Promise<CounterProduct[]> {
  const r = await api.counter.products();
  if (!isFailure(r)) {
    void rememberProducts(r).catch(() => undefined);
    return r;
  }
  const seen = unreached(r.message) ? await recallProducts().catch(() => null) : null;
  if (seen) return seen;
  throw new Error(r.message);
}

/** The school store's products on sale, or those last seen when there is no network. */
export function useCounterProducts() {
  return useQuery({
    queryKey: queryKeys.counter.products,
    queryFn: listProducts,
    refetchOnWindowFocus: false,
  });
}

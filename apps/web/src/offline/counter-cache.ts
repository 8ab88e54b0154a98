import { get, set } from 'idb-keyval';
import type { CounterProduct, CounterStudent } from '@app/domain';
import { counterStore } from './counter-db';

/*
 * What the counter saw last (issue 35): the products on sale and each student it looked up by
 * badge, so a badge read again with no network still finds the student and a sale can wait.
 */

/** How many students it remembers (the last ones looked up), and for how long: a store day. */
const MAX_STUDENTS = 500;
const KEEP_MS = 12 * 3_600_000;

type Students = Record<string, { at: number; found: CounterStudent }>;

export async function rememberStudent(code: string, found: CounterStudent): Promise<void> {
  const all = (await get<Students>('students', counterStore())) ?? {};
  all[code] = { at: Date.now(), found };
  const kept = Object.entries(all)
    .filter(([, s]) => Date.now() - s.at < KEEP_MS)
    .sort(([, a], [, b]) => b.at - a.at)
    .slice(0, MAX_STUDENTS);
  await set('students', Object.fromEntries(kept), counterStore());
}

export async function recallStudent(code: string): Promise<CounterStudent | null> {
  const seen = (await get<Students>('students', counterStore()))?.[code];
  return seen && Date.now() - seen.at < KEEP_MS ? seen.found : null;
}

export const rememberProducts = (products: CounterProduct[]) =>
  set('products', products, counterStore());

export const recallProducts = async (): Promise<CounterProduct[] | null> =>
  (await get<CounterProduct[]>('products', counterStore())) ?? null;

import { isFailure, type ApiResult } from './failure';

/** For TanStack Query: turns a resolved failure into a thrown Error so the query shows its error state. */
export async function unwrap<T>(call: Promise<ApiResult<T>>): Promise<T> {
  const r = await call;
  if (isFailure(r)) throw new Error(r.message);
  return r;
}

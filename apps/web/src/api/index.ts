export { isFailure, type ApiResult } from './failure';
export { report } from './report';
export { STORAGE_KEYS, readStored, writeStored } from './storage';
export * from './calls';
export type * from './types';
export { unwrap } from './unwrap';
export { Attempts, newIdempotencyKey } from './idempotency';
export { queryKeys } from './queryKeys';
export * from './invalidate';

export { api, request, API_BASE, type ApiVersion, type RequestOptions } from './client';
export { failure, isFailure, type ApiResult, type Failure } from './failure';
export { report } from './report';
export { STORAGE_KEYS, readStored, writeStored } from './storage';
export * from './calls';
export type * from './types';
export { unwrap } from './unwrap';
export { queryKeys } from './queryKeys';
export * from './invalidate';

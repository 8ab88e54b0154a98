/** Marks failures without adding an enumerable key, so a failure is exactly `{ message }`. */
const FAILURE: unique symbol = Symbol('api-failure');

export interface Failure {
  message: string;
  /** Only set when a successful response came back empty. */
  statusCode?: number;
  readonly [FAILURE]?: true;
}

export type ApiResult<T> = T | Failure;

export function failure(message: string, statusCode?: number): Failure {
  const f: Failure = statusCode === undefined ? { message } : { statusCode, message };
  Object.defineProperty(f, FAILURE, { value: true, enumerable: false });
  return f;
}

export function isFailure<T>(r: ApiResult<T>): r is Failure {
  return typeof r === 'object' && r !== null && FAILURE in r;
}

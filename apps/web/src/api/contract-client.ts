import type {
  AllOptional,
  AnswerOf,
  Call,
  Contract,
  InputOf,
  RouteOf,
  RouteTable,
} from '@app/domain';
import { request, requestFile } from './client';
import type { ApiResult } from './failure';

/**
 * What a call with a documented non-JSON body sends instead: a multipart form (`form`), or a file as
 * the raw body (`file`).
 */
type Upload<C extends Call> = C['documentedBody'] extends { contentTypes: readonly (infer T)[] }
  ? 'multipart/form-data' extends T
    ? { form: FormData }
    : { file: Blob }
  : unknown;
type Input<C extends Call> = InputOf<C> & Upload<C>;

type Args<C extends Call> =
  AllOptional<Input<C>> extends true ? [input?: Input<C>] : [input: Input<C>];

/** What a call resolves to: its answer, or the bytes of a file it sends. */
type Answer<C extends Call> = C['file'] extends object ? Blob : AnswerOf<C>;

/** An area's calls as functions: the contract's path, method and types, nothing written twice. */
type Client<A extends Contract> = {
  [K in keyof A]: (...args: Args<A[K]>) => Promise<ApiResult<Answer<A[K]>>>;
};

type Sent = {
  params?: Record<string, string | number>;
  query?: Record<string, string | number | boolean | null | undefined>;
  body?: unknown;
  headers?: Record<string, string>;
  form?: FormData;
  file?: Blob;
};

/** The call's path with its parameters filled in (each encoded). */
function pathOf(c: Pick<Call, 'path'>, params: Sent['params'] = {}): string {
  return c.path.replace(/:(\w+)/g, (_all, name: string) => {
    const v = params[name];
    if (v === undefined) throw new Error(`${c.path} needs ${name}`);
    return encodeURIComponent(String(v));
  });
}

/**
 * The path parameters of `url` when it is this call's path (an address the server answered, such
 * as an upload URL), else null.
 */
export function paramsOf(c: Pick<Call, 'path'>, url: string): Record<string, string> | null {
  const names: string[] = [];
  const pattern = c.path
    .replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
    .replace(/:(\w+)/g, (_all, name: string) => {
      names.push(name);
      return '([^/?#]+)';
    });
  const m = new RegExp(`^${pattern}$`).exec(url);
  if (!m) return null;
  try {
    return Object.fromEntries(names.map((name, i) => [name, decodeURIComponent(m[i + 1]!)]));
  } catch {
    return null; // a malformed escape
  }
}

/**
 * Makes one call of the contract. A call that answers with a file resolves to its bytes; a file
 * sent as the raw body goes as application/octet-stream (the server judges it by its content).
 */
function callApi<C extends Call>(
  c: RouteOf<C>,
  ...[input]: Args<C>
): Promise<ApiResult<Answer<C>>> {
  const sent = (input ?? {}) as Sent;
  const path = pathOf(c, sent.params);
  if (c.file) return requestFile(path, sent.query) as Promise<ApiResult<Answer<C>>>;
  return request<Answer<C>>(c.method, path, {
    query: sent.query,
    body: sent.body,
    headers: sent.file
      ? { 'Content-Type': 'application/octet-stream', ...sent.headers }
      : sent.headers,
    form: sent.form ?? sent.file,
    auth: !c.public,
  });
}

/** The typed client of one area: its calls' types from the contract, their paths from the route table. */
function clientOf<A extends Contract>(area: { [N in keyof A]: RouteOf<A[N]> }): Client<A> {
  return Object.fromEntries(
    Object.entries(area).map(([name, c]) => [
      name,
      (input?: InputOf<Call>) => callApi(c as RouteOf<Call>, ...([input] as Args<Call>)),
    ]),
  ) as unknown as Client<A>;
}

/** Every area of the API as typed functions: `api.goal.pin({ body })`. */
type ApiClient<T extends Readonly<Record<string, Contract>>> = {
  [K in keyof T]: Client<T[K]>;
};

export function clientOfAll<T extends Readonly<Record<string, Contract>>>(
  table: RouteTable<T>,
): ApiClient<T> {
  return Object.fromEntries(
    Object.entries(table).map(([name, area]) => [name, clientOf(area as never)]),
  ) as ApiClient<T>;
}

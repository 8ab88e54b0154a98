import { takeEarlyAnswer } from '../boot/take';
import { currentLanguage } from '../i18n/language';
import { BASIC_MSG, NO_REDIRECT_ON_401 } from '@app/domain';
import { failure, type ApiResult } from './failure';
import { report } from './report';
import { readStored, STORAGE_KEYS } from './storage';

type ApiVersion = 'v1' | 'v2';
export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  version?: ApiVersion;
  query?: Record<string, QueryValue>;
  body?: unknown;
  /** Public calls (login, status, contact) go out without a token; the rest need one. */
  auth?: boolean;
  /** Extra headers for this call (an order's Idempotency-Key). */
  headers?: Record<string, string>;
  /** Files to upload instead of the JSON body: a multipart form, or one file as the raw body. */
  form?: FormData | Blob;
}

const API_BASE = '/api';

/** Statuses the product treats as "nothing to show", not as an error (docs/spec.md section 8). */
const EMPTY_OK = new Set([204, 307, 502, 503]);
const TRY_LATER = new Set([500, 429]);

function buildUrl(path: string, method: Method, opts: RequestOptions): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(opts.query ?? {}))
    if (v !== undefined && v !== null) params.set(k, String(v));
  // GETs carry a timestamp so no cache in between answers with a stale copy.
  if (method === 'GET') params.set('time', String(Date.now()));
  const qs = params.toString();
  // A contract path is whole (/api/v1/...); the rest are relative to the version.
  const base = path.startsWith(`${API_BASE}/`)
    ? path
    : `${API_BASE}/${opts.version ?? 'v1'}/${path.replace(/^\/+/, '')}`;
  return `${base}${qs ? `?${qs}` : ''}`;
}

function headers(token: string | null, json: boolean): Record<string, string> {
  const h: Record<string, string> = {
    'Cache-Control': 'no-cache',
    Pragma: 'no-cache',
    // The server answers its messages in the screens' language.
    'Accept-Language': currentLanguage(),
  };
  // A form's content type (with its boundary) is the browser's to set.
  if (json) h['Content-Type'] = 'application/json';
  const userId = readStored(STORAGE_KEYS.userId);
  if (token) h.authtoken = token;
  if (userId) h.from = userId;
  return h;
}

function parse(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

function bodyMessage(text: string): string | null {
  const parsed = parse(text);
  if (!parsed.ok || typeof parsed.value !== 'object' || parsed.value === null) return null;
  const m = (parsed.value as { message?: unknown }).message;
  return typeof m === 'string' && m ? m : null;
}

function redirectToLogin(): void {
  const loc = globalThis.location;
  if (!loc || NO_REDIRECT_ON_401.includes(loc.pathname)) return;
  loc.assign('/login');
}

/**
 * The one HTTP entry point. Never throws: a failure resolves to `{ message }` (see isFailure).
 */
export async function request<T>(
  method: Method,
  path: string,
  opts: RequestOptions = {},
): Promise<ApiResult<T>> {
  const needsAuth = opts.auth !== false;
  const token = readStored(STORAGE_KEYS.token);
  if (needsAuth && !token) return failure(BASIC_MSG.noToken);

  let res: { status: number; ok: boolean };
  let text: string;
  // The boot script's answer to this very call, when it asked while the app loaded.
  const early = token ? await takeEarlyAnswer(method, path, opts, token) : null;
  if (early) {
    res = { status: early.status, ok: early.status >= 200 && early.status < 300 };
    text = early.text;
  } else {
    try {
      const sent = await fetch(buildUrl(path, method, opts), {
        method,
        headers: { ...headers(token, !opts.form), ...opts.headers },
        // Every request says JSON, so a body-less POST or PUT sends {} (Fastify rejects an empty JSON body).
        body: method === 'GET' ? undefined : (opts.form ?? JSON.stringify(opts.body ?? {})),
      });
      res = sent;
      text = await sent.text();
    } catch (err) {
      report('network error', { method, path, err: String(err) });
      return failure(BASIC_MSG.someError);
    }
  }

  if (EMPTY_OK.has(res.status)) return {} as T;
  if (TRY_LATER.has(res.status)) return failure(BASIC_MSG.tryLater);
  if (res.status === 401) {
    redirectToLogin();
    return failure(bodyMessage(text) ?? BASIC_MSG.unauthorized);
  }
  if (!res.ok) return failure(bodyMessage(text) ?? BASIC_MSG.someError);

  if (text === '') return failure(BASIC_MSG.errorFetching, res.status);
  const parsed = parse(text);
  if (!parsed.ok) {
    report('unparseable response', { method, path, status: res.status });
    return {} as T;
  }
  return parsed.value as T;
}

/** A file the API sends (a data export's zip, sign-in cards): the bytes, or `{ message }` like any other call. */
export async function requestFile(
  path: string,
  query?: Record<string, QueryValue>,
): Promise<ApiResult<Blob>> {
  const token = readStored(STORAGE_KEYS.token);
  if (!token) return failure(BASIC_MSG.noToken);
  try {
    const res = await fetch(buildUrl(path, 'GET', { query }), { headers: headers(token, false) });
    if (res.ok) return await res.blob();
    if (res.status === 401) redirectToLogin();
    return failure(bodyMessage(await res.text()) ?? BASIC_MSG.someError);
  } catch (err) {
    report('network error', { method: 'GET', path, err: String(err) });
    return failure(BASIC_MSG.someError);
  }
}

export const http = {
  get: <T>(path: string, opts?: Omit<RequestOptions, 'body'>) => request<T>('GET', path, opts),
  post: <T>(path: string, body?: unknown, opts?: RequestOptions) =>
    request<T>('POST', path, { ...opts, body }),
  put: <T>(path: string, body?: unknown, opts?: RequestOptions) =>
    request<T>('PUT', path, { ...opts, body }),
  del: <T>(path: string, opts?: RequestOptions) => request<T>('DELETE', path, opts),
};

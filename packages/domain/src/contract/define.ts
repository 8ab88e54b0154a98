import type { z } from 'zod';
import type { Action } from '../policy.js';

/**
 * One API call, declared once (docs/decisions/137-one-contract.md): the server registers its handler
 * against it, the web calls it through a client derived from it, and the OpenAPI document, the role ×
 * call matrix and the fuzz test read it. Paths are the specification's, whole (`/api/v1/...`).
 */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** The 4xx answers a call may give beyond the ones every call of its kind gives (see the OpenAPI document). */
export type ClientError = 400 | 401 | 403 | 404 | 409 | 413 | 414 | 415 | 422 | 429;

interface CallFields {
  method: HttpMethod;
  /** `/api/v1/...` or `/api/v2/...`, `:name` for a path parameter. */
  path: string;
  /** The OpenAPI document's group. */
  tags: readonly string[];
  summary?: string;
  description?: string;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  headers?: z.ZodType;
  /** The answers by status; a call that sends a file declares `file` instead of its 200. */
  response?: Readonly<Partial<Record<number, z.ZodType>>>;
  answers?: readonly ClientError[];
  /** The per-session answer cache may keep its answer (docs/decisions/120-answer-cache.md). */
  cached?: boolean;
  /** Registered only in development mode (the `/dev` tools). */
  devOnly?: boolean;
  bodyLimit?: number;
  /** A body read as something other than JSON (a picture, a multipart form): documented, not validated. */
  documentedBody?: { contentTypes: readonly string[]; schema: Record<string, unknown> };
  /** A 200 answer that is a file rather than JSON: documented, not serialized. */
  file?: { contentType: string; description: string };
}

/** Who may make the call: a permission action of packages/domain/src/policy.ts, or anyone. */
export type Call = CallFields &
  ({ action: Action; public?: undefined } | { public: true; action?: undefined });

/** An area's calls by name. */
export type Contract = Readonly<Record<string, Call>>;

/** Declares a call, keeping its literal types for both sides. */
export const call = <const C extends Call>(c: C): C => c;

type Output<T> = T extends z.ZodType ? z.output<T> : undefined;
type Input<T> = T extends z.ZodType ? z.input<T> : undefined;
type Success = 200 | 201 | 202;

/** What a call's successful answer holds, as the client reads it. */
export type AnswerOf<C extends Call> =
  C['response'] extends Readonly<Partial<Record<number, z.ZodType>>>
    ? Output<C['response'][Extract<keyof C['response'], Success>]>
    : unknown;

/** What a handler may return for a call: any of its declared answers, as the serializer takes them. */
export type ReplyOf<C extends Call> =
  C['response'] extends Readonly<Partial<Record<number, z.ZodType>>>
    ? Input<C['response'][keyof C['response']]>
    : unknown;

/** What a call's request carries, as its handler reads it (after validation). */
export interface RequestOf<C extends Call> {
  Params: Output<C['params']>;
  Querystring: Output<C['query']>;
  Body: Output<C['body']>;
  Headers: Output<C['headers']>;
}

/** Whether every field of T may be left out (`{}` is the empty object here, not "any value"). */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export type AllOptional<T> = {} extends T ? true : false;

type Part<K extends string, T> = T extends z.ZodType
  ? AllOptional<z.input<T>> extends true
    ? { [P in K]?: z.input<T> }
    : { [P in K]: z.input<T> }
  : { [P in K]?: never };

/** What the web sends for a call: its path parameters, query, body and headers, each as declared. */
export type InputOf<C extends Call> = Part<'params', C['params']> &
  Part<'query', C['query']> &
  Part<'body', C['body']> &
  Part<'headers', C['headers']>;

/** Every call of a set of areas, flattened with its area and name (the tests' sweeps read this). */
export function callsOf(
  areas: Readonly<Record<string, Contract>>,
): { area: string; name: string; call: Call }[] {
  return Object.entries(areas).flatMap(([area, calls]) =>
    Object.entries(calls).map(([name, c]) => ({ area, name, call: c })),
  );
}

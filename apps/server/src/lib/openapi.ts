import type { RouteOptions } from 'fastify';

/*
 * What the OpenAPI document says of every route beyond its own schema: the public calls need no
 * session, and every call's 4xx answers are `{ message }` (docs/decisions/066-openapi-security-and-errors.md). The
 * fuzz test holds the server to these answers.
 */

declare module 'fastify' {
  interface FastifyContextConfig {
    /** 4xx answers this route gives beyond the ones every route of its kind gives (see `answersOf`). */
    answers?: readonly ClientError[];
    /** The body of a route that reads it as something other than JSON (a picture, a multipart form): documented, not validated. */
    documentedBody?: { contentTypes: readonly string[]; schema: Record<string, unknown> };
    /** The 200 answer of a route that sends a file rather than JSON: documented, not serialized. */
    documentedFile?: { contentType: string; description: string };
  }
}

export type ClientError = 400 | 401 | 403 | 404 | 409 | 413 | 414 | 415 | 422 | 429;

const MEANING: Record<ClientError, string> = {
  400: 'Bad input: the message says which field and why.',
  401: 'Not signed in, the session has ended, or the sign-in was refused.',
  403: "Not allowed: the caller's role, school or ownership does not permit it.",
  404: 'Not found (or not in the caller’s school).',
  409: 'Conflicts with the current state (the message says how), or an Idempotency-Key reused with another request.',
  413: 'The body is too large; the message gives the limit.',
  414: 'A path parameter is longer than any id.',
  415: 'The body is not of a type this call reads.',
  422: 'Well-formed but refused by a rule; the message says which.',
  429: 'Too many attempts: Retry-After gives the seconds to wait.',
};

const MESSAGE_SCHEMA = {
  type: 'object',
  properties: { message: { type: 'string' } },
  required: ['message'],
  additionalProperties: false,
} as const;

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * The 4xx answers of a route: 400 and 404 for all, 401 and 403 with a session, 414 with path
 * parameters, 413 and 415 with a body, 409 with an Idempotency-Key, and its own `answers`.
 */
function answersOf(
  route: Pick<RouteOptions, 'method' | 'url' | 'config' | 'schema'>,
): ClientError[] {
  const config = (route.config ?? {}) as {
    public?: boolean;
    answers?: readonly ClientError[];
    documentedBody?: unknown;
  };
  const methods = [route.method].flat();
  const codes = new Set<ClientError>([400, 404, ...(config.answers ?? [])]);
  if (!config.public) {
    codes.add(401);
    codes.add(403);
  }
  if (route.url.includes(':')) codes.add(414);
  if (methods.some((m) => WRITES.has(m)) && (route.schema?.body || config.documentedBody)) {
    codes.add(413);
    codes.add(415);
  }
  const headers = route.schema?.headers as
    { shape?: Record<string, unknown>; properties?: Record<string, unknown> } | undefined;
  if (headers && 'idempotency-key' in (headers.shape ?? headers.properties ?? {})) codes.add(409);
  return [...codes].sort((a, b) => a - b);
}

type Transformed = { schema: Record<string, any>; url: string };

/**
 * Wraps the schema transform of the OpenAPI document: public calls declare no security, each
 * route's 4xx answers are declared as `{ message }` unless the route describes its own, and a
 * non-JSON body is documented from `documentedBody`.
 */
export const documentRoute =
  (transform: (input: any) => Transformed) =>
  (input: { schema: any; url: string; route: RouteOptions }): Transformed => {
    const out = transform(input);
    const config = (input.route.config ?? {}) as {
      public?: boolean;
      documentedBody?: { contentTypes: readonly string[]; schema: Record<string, unknown> };
      documentedFile?: { contentType: string; description: string };
    };
    const schema = { ...out.schema };
    if (config.public) schema.security = [];
    const response = { ...(schema.response ?? {}) };
    if (config.documentedFile)
      response[200] = {
        description: config.documentedFile.description,
        content: {
          [config.documentedFile.contentType]: { schema: { type: 'string', format: 'binary' } },
        },
      };
    for (const code of answersOf(input.route))
      response[code] ??= { description: MEANING[code], ...MESSAGE_SCHEMA };
    schema.response = response;
    if (config.documentedBody) {
      schema.body = config.documentedBody.schema;
      schema.consumes = [...config.documentedBody.contentTypes];
    }
    return { ...out, schema };
  };

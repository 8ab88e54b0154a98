import { z } from 'zod';

/**
 * The Idempotency-Key header of the calls that change points
 * (docs/decisions/062-idempotency-key-for-every-points-change.md), declared here so every such
 * call of the contract documents it the same way.
 */

/** What OpenAPI says of the header on every call that takes it. */
export const IDEMPOTENCY_KEY_DOC =
  'An Idempotency-Key header (1 to 200 visible characters) makes a retry get the first answer back (with `idempotent-replayed: true`) instead of changing points again; the same key with another request answers 409.';

/**
 * The header as a route schema declares it (for OpenAPI). Loose, since Fastify replaces the
 * request's headers with what the schema lets through; the key's form is checked by the server
 * (`idempotencyKeyOf`), which answers 400 with its own message.
 */
export const idempotencyHeaders = z.looseObject({
  'idempotency-key': z
    .string()
    .optional()
    .describe(
      '1 to 200 visible ASCII characters; one per attempt, kept while the same request is retried',
    ),
});

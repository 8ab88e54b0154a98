import { msg, type Message } from '@app/domain';
import type { FastifyError } from 'fastify';
import fp from 'fastify-plugin';
import { isPoolTimeout } from '../db/client.js';
import { causeSummary, HttpError } from '../lib/errors.js';
import { localMessage, requestLanguage } from '../lib/language.js';
import { validationMessage } from '../lib/validation-message.js';

/** Fastify's own refusals by their code, in the catalogue's words. */
const FASTIFY_REFUSALS: Partial<Record<string, Message>> = {
  FST_ERR_CTP_INVALID_JSON_BODY: msg('msg.badJson'),
  FST_ERR_CTP_EMPTY_JSON_BODY: msg('msg.emptyJsonBody'),
  FST_ERR_CTP_BODY_TOO_LARGE: msg('msg.bodyTooLarge'),
  FST_ERR_CTP_INVALID_MEDIA_TYPE: msg('msg.unsupportedMediaType'),
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: msg('msg.contentLengthMismatch'),
};

/**
 * A 4xx thrown by Fastify or a plugin rather than by us: a known one in the catalogue's words;
 * any other keeps its own (English) detail inside a catalogued sentence.
 */
function outsideRefusal(error: { code?: unknown; message?: unknown }, status: number): Message {
  if (status === 429) return msg('msg.tryLater');
  if (error instanceof SyntaxError) return msg('msg.badJson');
  const known = typeof error.code === 'string' ? FASTIFY_REFUSALS[error.code] : undefined;
  return known ?? msg('msg.requestRefused', { detail: String(error.message ?? '') });
}

/**
 * The one error handler: `{ message }` with the status, in the request's language
 * (docs/decisions/136-errors-carry-a-key.md); an unexpected error is logged and answered 500 with no stack.
 */
export const errorsPlugin = fp(
  async (app) => {
    app.setErrorHandler((error: FastifyError, req, reply) => {
      const answer = (status: number, said: Message) =>
        reply.status(status).send({ message: localMessage(req, said) });
      if (error instanceof HttpError) {
        if (error.cause !== undefined)
          req.log.warn(
            { cause: causeSummary(error.cause), status: error.statusCode },
            error.message,
          );
        return answer(error.status, error.said);
      }
      if (error.validation) {
        const context: string | undefined = error.validationContext;
        const input =
          context === 'querystring' ? req.query : context ? req[context as 'body'] : undefined;
        const { said, english } = validationMessage(error.validation, context, input);
        if (english !== undefined && requestLanguage(req) === 'en')
          return reply.status(400).send({ message: english });
        return answer(400, said);
      }
      const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
      if (status >= 400 && status < 500) {
        return answer(status, outsideRefusal(error, status));
      }
      // Every pooled connection busy for 10 s: a rush, not a fault; the client may retry shortly.
      if (isPoolTimeout(error)) {
        req.log.warn('no database connection free: answered 503');
        reply.header('retry-after', '5');
        return answer(503, msg('msg.tryLater'));
      }
      req.log.error({ err: error }, 'request failed');
      return answer(500, msg('msg.tryLater'));
    });
  },
  { name: 'errors' },
);

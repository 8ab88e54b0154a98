import { todayIn } from '@app/domain';
import fp from 'fastify-plugin';
import { AnswerCache, ANSWER_CACHE_LIMITS, type AnswerTicket } from '../lib/answer-cache.js';
import { isApiPath } from './api-routes.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set while a `cached` read is computed: its answer is kept if no change landed meanwhile. */
    answerTicket: AnswerTicket | null;
  }
}

/** Headers an answer's copy does not keep: set again on every answer, or never to be replayed. */
const UNKEPT_HEADERS = new Set([
  'cache-control',
  'content-length',
  'set-cookie',
  'date',
  'connection',
]);

/** The channel on which the database's triggers name a school whose data changed (migration 0026). */
const SCHOOL_CHANGES = 'school_changes';

const yes = () => true;
const no = () => false;

/**
 * A `cached` read this session made a moment ago, with no change to its school since, is answered
 * again from memory (docs/decisions/120-answer-cache.md). Its onRequest hook runs once the caller
 * may make the call (permission.ts).
 */
export const answerCachePlugin = fp(
  async (app) => {
    const { database, env, securityHeaders } = app;
    const answers = new AnswerCache({
      ttlMs: env.ANSWER_CACHE_SECONDS * 1000,
      ...ANSWER_CACHE_LIMITS,
    });
    // Nothing is kept until this server hears every school's changes, nor while it may miss them.
    const stopAnswers = await database.listen(SCHOOL_CHANGES, (payload, listening = true) => {
      if (payload !== null) return answers.changed(payload);
      answers.changed('*');
      answers.paused = !listening;
    });
    answers.paused = false;
    app.addHook('onClose', async () => stopAnswers());
    app.decorateRequest('answerTicket', null);

    app.addHook('onRequest', async (req, reply) => {
      const config = req.routeOptions.config;
      // Nothing kept nor to keep (ANSWER_CACHE_SECONDS=0, or changes may go unheard): no key to make.
      if (!answers.enabled) return;
      if (!config.cached || req.method !== 'GET' || config.public || !req.auth) return;
      if (!isApiPath(req.url)) return;
      const key = AnswerCache.keyOf(
        req.auth.tokenHash,
        req.url,
        String(req.headers['accept-language'] ?? ''),
        todayIn(req.auth.school.timeZone),
      );
      // Kept, but a change committed elsewhere before this call may still be on its way: answered
      // only once every notice committed before now has been heard, and the copy is still good.
      if (answers.get(key, req.auth.schoolId) && (await database.changesHeard().then(yes, no))) {
        const hit = answers.get(key, req.auth.schoolId);
        if (hit) return reply.headers(hit.headers).send(hit.payload);
      }
      req.answerTicket = answers.ticket(key, req.auth.schoolId) ?? null;
    });

    const keptHeaders = (all: Record<string, unknown>) => {
      const kept: Record<string, string> = {};
      for (const [name, value] of Object.entries(all))
        if (!(name in securityHeaders) && !UNKEPT_HEADERS.has(name) && typeof value === 'string')
          kept[name] = value;
      return kept;
    };
    // A cached read's answer is kept. (A write needs nothing here: its school's notice is heard
    // before any kept answer is served again, on this server as on the others.)
    app.addHook('onSend', async (req, reply, payload) => {
      if (
        req.answerTicket &&
        reply.statusCode === 200 &&
        typeof payload === 'string' &&
        !reply.hasHeader('set-cookie')
      )
        answers.store(req.answerTicket, {
          payload: Buffer.from(payload),
          headers: keptHeaders(reply.getHeaders()),
        });
      return payload;
    });
  },
  {
    name: 'answer-cache',
    dependencies: ['database', 'env', 'security-headers', 'session', 'permission'],
  },
);

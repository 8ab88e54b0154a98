import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import Fastify, { LogController, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import {
  jsonSchemaTransform,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { matchRoute, MSG, todayIn, type Action } from '@app/domain';
import { mayDo } from './access/permission.js';
import { isPoolTimeout, type Database, type Db } from './db/client.js';
import { apiDocsEnabled, DEFAULT_WEB_DIST, type Env } from './env.js';
import { configureSessionCache, findSession, watchSessionChanges } from './modules/auth/service.js';
import { documentRoute } from './lib/openapi.js';
import { causeSummary, forbidden, HttpError, unauthorized } from './lib/errors.js';
import { localMessage } from './lib/language.js';
import { inputHygiene } from './lib/input-hygiene.js';
import type { JobQueueRef } from './lib/job-queue.js';
import { configureSecrets, secretsKeyFor } from './lib/secrets.js';
import { imageStorage, type ImageStorage } from './lib/storage.js';
import { answerSerializer } from './lib/serializer.js';
import { AnswerCache, ANSWER_CACHE_LIMITS, type AnswerTicket } from './lib/answer-cache.js';
import { validationMessage } from './lib/validation-message.js';
import { iconAssets, registerModules, registerV2Modules, uploadAssets } from './modules/index.js';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    database: Database;
    env: Env;
    apiRoutes: ApiRoute[];
    jobQueue: JobQueueRef;
    /** Where product pictures are kept: the database, or the S3-compatible store S3_URL names. */
    images: ImageStorage;
  }
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

const API_PREFIX = '/api/v1';
const API_V2_PREFIX = '/api/v2';
/** A request that takes longer than this is logged as a warning (so at the default LOG_LEVEL, warn, and at info). */
export const SLOW_REQUEST_MS = 500;
/** Every versioned API path (v1, and v2 for orders). */
const isApiPath = (url: string) => /^\/api\/v\d+\//.test(url);

/** One API route as registered: tests sweep these (matrix, fuzz, 401 without a session). */
interface ApiRoute {
  method: string;
  url: string;
  public: boolean;
  action: Action | undefined;
}

/**
 * The headers helmet's middleware sets for `options`. With static options (no nonces) they are the
 * same for every request, so they are computed once at start-up and copied onto each answer.
 */
function securityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader: (name: string, value: string | number | readonly string[]) =>
      void (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  };
  helmet(options)({} as never, res as never, (err?: unknown) => {
    if (err) throw err;
  });
  return headers;
}

export interface AppOptions {
  database: Database;
  env: Env;
  logger?: FastifyServerOptions['logger'];
}

export async function buildApp({ database, env, logger }: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger ?? { level: env.LOG_LEVEL },
    // One line per request only at LOG_LEVEL=info (the onResponse hook below); slow ones always.
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: 1024 * 1024,
    // req.ip honours X-Forwarded-For only when TRUST_PROXY says which proxies to believe.
    trustProxy: env.TRUST_PROXY,
    // The spec's calls end in a slash in places ('activity/', 'order/teacher/'); both forms answer.
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 500 },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  // One walk per answer (fast-json-stringify); tests and development also check it against zod.
  app.setSerializerCompiler(answerSerializer({ check: env.NODE_ENV !== 'production' }));
  await app.register(inputHygiene); // JSON body parser (empty = no body, depth limit), no NUL / lone surrogate in any input
  app.decorate('db', database.db);
  app.decorate('database', database);
  configureSessionCache(database.db, env.SESSION_CACHE_SECONDS);
  const stopWatching = await watchSessionChanges(database, database.db);
  app.addHook('onClose', async () => stopWatching());
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
  app.decorate('env', env);
  app.decorate('jobQueue', { current: null } as JobQueueRef);
  app.decorate('images', imageStorage(env, database.db));
  // The key of SSO client secrets at rest, read (or on PGlite made) when first needed.
  configureSecrets(database.db, () =>
    secretsKeyFor({
      secretsKey: env.SECRETS_KEY,
      embedded: database.kind === 'pglite',
      dataDir: env.DATA_DIR,
    }),
  );
  app.decorateRequest('auth', null);
  // Every API route, so tests can sweep them all (auth required, no 500 on garbage).
  const apiRoutes: ApiRoute[] = [];
  app.decorate('apiRoutes', apiRoutes);
  app.addHook('onRoute', (r) => {
    if (!isApiPath(r.url)) return;
    if (!r.config?.public && !r.config?.action)
      throw new Error(
        `${r.method} ${r.url} names no permission action (packages/domain/src/policy.ts)`,
      );
    for (const method of [r.method].flat())
      if (method !== 'HEAD')
        apiRoutes.push({
          method,
          url: r.url,
          public: Boolean(r.config?.public),
          action: r.config?.action,
        });
  });

  // Requests: a line each at info (off at the default warn); errors are logged by the error
  // handler; a request slower than SLOW_REQUEST_MS is always a warning.
  const logEachRequest = ['trace', 'debug', 'info'].includes(String(app.log.level));
  app.addHook('onResponse', (req, reply, done) => {
    const ms = reply.elapsedTime;
    if (ms > SLOW_REQUEST_MS)
      req.log.warn(
        {
          method: req.method,
          url: req.url,
          statusCode: reply.statusCode,
          responseTime: Math.round(ms),
        },
        'slow request',
      );
    else if (logEachRequest)
      req.log.info(
        {
          method: req.method,
          url: req.url,
          statusCode: reply.statusCode,
          responseTime: Math.round(ms),
        },
        'request completed',
      );
    done();
  });

  // API answers carry personal data and sessions: no cache (browser or shared) may keep them.
  app.addHook('onSend', async (req, reply, payload) => {
    if (req.url.startsWith('/api/')) reply.header('cache-control', 'no-store');
    // A cached read's answer is kept. (A write needs nothing here: its school's notice is heard
    // before any kept answer is served again, on this server as on the others.)
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

  // Helmet's security headers on every answer, computed once (@fastify/helmet rebuilt them per request).
  const headers = securityHeaders({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        scriptSrc: ["'self'"], // no inline script: the web build loads only files
        connectSrc: ["'self'"],
        formAction: ["'self'", 'https:'],
        upgradeInsecureRequests: null,
      },
    },
  });
  app.addHook('onRequest', (_req, reply, done) => {
    reply.headers(headers);
    done();
  });
  const keptHeaders = (all: Record<string, unknown>) => {
    const kept: Record<string, string> = {};
    for (const [name, value] of Object.entries(all))
      if (!(name in headers) && !UNKEPT_HEADERS.has(name) && typeof value === 'string')
        kept[name] = value;
    return kept;
  };
  await app.register(swagger, {
    openapi: {
      info: { title: 'School rewards API', version: '1.0.0' },
      servers: [{ url: '/' }],
      components: {
        securitySchemes: {
          authtoken: { type: 'apiKey', in: 'header', name: 'authtoken' },
          from: { type: 'apiKey', in: 'header', name: 'from' },
        },
      },
      security: [{ authtoken: [], from: [] }],
    },
    transform: documentRoute(jsonSchemaTransform),
  });
  // The OpenAPI document is always built (app.swagger()); its page only where API docs are enabled.
  if (apiDocsEnabled(env)) await app.register(swaggerUi, { routePrefix: '/api/docs' });

  // Authenticate before validation, so a call without a session is 401 whatever its body.
  app.addHook('onRequest', async (req, reply) => {
    if (!isApiPath(req.url)) return;
    const config = req.routeOptions.config;
    const token = req.headers.authtoken;
    if (typeof token === 'string' && token.length > 0 && token.length < 200) {
      const user = await findSession(app.db, token);
      const from = req.headers.from;
      if (user && (from === undefined || from === '' || from === user.id)) req.auth = user;
      else if (user && !config.public) throw unauthorized(); // a `from` that is not the token's user
    }
    if (config.public) return;
    if (!req.auth) throw unauthorized();
    // Unmatched paths go on to the 404 answer; every matched route names its action.
    if (req.routeOptions.url !== undefined && !(config.action && mayDo(req.auth, config.action)))
      throw forbidden();
    // A read this session made a moment ago, with no change to its school since: answered again.
    if (config.cached && req.method === 'GET') {
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
    }
  });

  app.setErrorHandler((error: any, req, reply) => {
    // Every answered message in the request's language (docs/decisions/109-i18n.md).
    const answer = (status: number, message: string) =>
      reply.status(status).send({ message: localMessage(req, message) });
    if (error instanceof HttpError) {
      if (error.cause !== undefined)
        req.log.warn({ cause: causeSummary(error.cause), status: error.statusCode }, error.message);
      return answer(error.statusCode, error.message);
    }
    if (error.validation) {
      return answer(400, validationMessage(error.validation, error.validationContext));
    }
    const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 400 && status < 500) {
      const message =
        status === 429
          ? MSG.tryLater
          : error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError
            ? 'Body is not valid JSON'
            : error.message;
      return answer(status, message);
    }
    // Every pooled connection busy for 10 s: a rush, not a fault; the client may retry shortly.
    if (isPoolTimeout(error)) {
      req.log.warn('no database connection free: answered 503');
      reply.header('retry-after', '5');
      return answer(503, MSG.tryLater);
    }
    req.log.error({ err: error }, 'request failed');
    return answer(500, MSG.tryLater);
  });

  await app.register(registerModules, { prefix: API_PREFIX });
  await app.register(registerV2Modules, { prefix: API_V2_PREFIX });
  await app.register(iconAssets); // /icons/{black|color}/{file}: the profile icons' pictures
  await app.register(uploadAssets); // /uploads/{school}/{image}.webp: product images

  const webDist = env.WEB_DIST ?? DEFAULT_WEB_DIST;
  const indexHtml = path.join(webDist, 'index.html');
  if (existsSync(indexHtml)) {
    await app.register(fastifyStatic, { root: webDist, wildcard: false, index: false });
  }
  app.setNotFoundHandler((req, reply) => {
    if (req.url.startsWith('/api/') || req.method !== 'GET') {
      return reply.status(404).send({ message: localMessage(req, MSG.notFound) });
    }
    const pathname = req.url.split('?')[0] ?? '/';
    if (!matchRoute(pathname)) req.log.info({ path: pathname }, 'route not found');
    if (!existsSync(indexHtml))
      return reply
        .status(404)
        .type('text/plain')
        .send('The web app is not built: run npm run build.');
    return reply
      .type('text/html')
      .header('cache-control', 'no-cache')
      .send(readFileSync(indexHtml));
  });

  return app;
}

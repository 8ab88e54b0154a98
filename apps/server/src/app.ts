import { API } from '@app/domain';
import Fastify, { LogController, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from './db/client.js';
import { isDevMode, type Env } from './env.js';
import { inputHygiene } from './lib/input-hygiene.js';
import { answerSerializer } from './lib/serializer.js';
import { answerCachePlugin } from './plugins/answer-cache.js';
import { apiRoutesPlugin } from './plugins/api-routes.js';
import { contractCheck } from './plugins/contract-check.js';
import { databasePlugin } from './plugins/database.js';
import { envPlugin } from './plugins/env.js';
import { errorsPlugin } from './plugins/errors.js';
import { imagesPlugin } from './plugins/images.js';
import { jobsPlugin } from './plugins/jobs.js';
import { openapiPlugin } from './plugins/openapi.js';
import { permissionPlugin } from './plugins/permission.js';
import { requestLogPlugin } from './plugins/request-log.js';
import { secretsPlugin } from './plugins/secrets.js';
import { securityHeadersPlugin } from './plugins/security-headers.js';
import { sessionPlugin } from './plugins/session.js';
import { staticFilesPlugin } from './plugins/static-files.js';
import { v1Routes, v2Routes } from './routes/index.js';

export { SLOW_REQUEST_MS } from './plugins/request-log.js';

const API_PREFIX = '/api/v1';
const API_V2_PREFIX = '/api/v2';

export interface AppOptions {
  database: Database;
  env: Env;
  logger?: FastifyServerOptions['logger'];
}

/**
 * The app is its plugins, in order (docs/decisions/135-app-as-plugins.md). Each is wrapped with
 * fastify-plugin, so its hooks apply to the whole app; hooks of one kind run in the order below.
 */
export async function buildApp({ database, env, logger }: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger ?? { level: env.LOG_LEVEL },
    // One line per request only at LOG_LEVEL=info (plugins/request-log.ts); slow ones always.
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
  await app.register(databasePlugin, { database }); // app.db, app.database
  await app.register(envPlugin, { env }); // app.env
  await app.register(imagesPlugin); // app.images
  await app.register(secretsPlugin);
  await app.register(jobsPlugin); // app.jobQueue, filled by boot.ts
  await app.register(apiRoutesPlugin); // before any route: collects app.apiRoutes, refuses a route without an action
  // Before any route: every API route is a call of the contract, and every call has its route.
  await app.register(contractCheck, { areas: API, devMode: isDevMode(env) });
  await app.register(requestLogPlugin);
  await app.register(securityHeadersPlugin); // the first onRequest hook: every answer has the headers, a 401 too
  // Before session…errors: the /api/docs pages (no API calls) keep the default error handler.
  await app.register(openapiPlugin);
  await app.register(sessionPlugin); // onRequest: who is calling
  await app.register(permissionPlugin); // onRequest: 401 without a session, 403 without the action
  await app.register(answerCachePlugin); // onRequest: a kept read answered again, only once permitted
  await app.register(errorsPlugin); // before the routes, which take the handler set when they are added
  await app.register(v1Routes, { prefix: API_PREFIX });
  await app.register(v2Routes, { prefix: API_V2_PREFIX });
  await app.register(staticFilesPlugin); // icons, uploads, the web build, the not-found answer

  return app;
}

import type {
  FastifyError,
  FastifyInstance,
  FastifyPluginAsync,
  FastifyReply,
  FastifyRequest,
} from 'fastify';
import type { Call, Contract, ReplyOf, RequestOf } from '@app/domain';
import { isDevMode } from '../env.js';

/** A handler of one call: its request typed from the contract, its answer one the contract declares. */
type Handler<C extends Call> = (
  req: FastifyRequest<RequestOf<C>>,
  reply: FastifyReply,
) => Promise<ReplyOf<C> | FastifyReply> | ReplyOf<C> | FastifyReply;

/** A handler with what only the server knows of its route (its own error answer). */
interface HandlerWithOptions<C extends Call> {
  handler: Handler<C>;
  errorHandler?: (error: FastifyError, req: FastifyRequest, reply: FastifyReply) => unknown;
}

/** Exactly one handler per call of the area: a missing or extra name fails the typecheck. */
export type Handlers<A extends Contract> = {
  [K in keyof A]: Handler<A[K]> | HandlerWithOptions<A[K]>;
};

declare module 'fastify' {
  interface FastifyContextConfig {
    /** `area.name` of the contract entry the route was registered from. */
    contract?: string;
  }
}

/**
 * The plugin that registers an area's handlers against its contract. `make` runs inside the plugin,
 * so it may add what its routes need first (a content-type parser). Paths are whole in the contract
 * and mounted under the plugin's prefix: a path outside the prefix, or a handler the contract does
 * not hold, stops the start.
 */
export function routesOf<A extends Contract>(
  area: string,
  contract: A,
  make: (app: FastifyInstance) => Handlers<A>,
): FastifyPluginAsync {
  return async (app) => {
    const handlers = make(app) as unknown as Record<
      string,
      Handler<Call> | HandlerWithOptions<Call>
    >;
    for (const name of Object.keys(handlers))
      if (!(name in contract))
        throw new Error(`${area}.${name} is a handler with no contract entry`);
    for (const [name, c] of Object.entries(contract)) {
      const h = handlers[name];
      if (!h) throw new Error(`${area}.${name} has no handler`);
      if (c.devOnly && !isDevMode(app.env)) continue;
      if (!c.path.startsWith(`${app.prefix}/`))
        throw new Error(`${area}.${name}: ${c.path} is not under ${app.prefix}`);
      const { handler, errorHandler } = typeof h === 'function' ? { handler: h } : h;
      app.route({
        method: c.method,
        url: c.path.slice(app.prefix.length),
        bodyLimit: c.bodyLimit,
        errorHandler,
        config: {
          contract: `${area}.${name}`,
          ...(c.public ? { public: true } : { action: c.action }),
          ...(c.answers && { answers: c.answers }),
          ...(c.cached && { cached: true }),
          ...(c.documentedBody && { documentedBody: c.documentedBody }),
          ...(c.file && { documentedFile: c.file }),
        },
        schema: {
          tags: [...c.tags],
          ...(c.summary && { summary: c.summary }),
          ...(c.description && { description: c.description }),
          ...(c.params && { params: c.params }),
          ...(c.query && { querystring: c.query }),
          ...(c.body && { body: c.body }),
          ...(c.headers && { headers: c.headers }),
          ...(c.response && { response: c.response }),
        },
        handler: handler as (req: FastifyRequest, reply: FastifyReply) => unknown,
      });
    }
  };
}

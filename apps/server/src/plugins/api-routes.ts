import type { Action } from '@app/domain';
import fp from 'fastify-plugin';

/** One API route as registered: tests sweep these (matrix, fuzz, 401 without a session). */
interface ApiRoute {
  method: string;
  url: string;
  public: boolean;
  action: Action | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    apiRoutes: ApiRoute[];
  }
}

/** Every versioned API path (v1, and v2 for orders). */
export const isApiPath = (url: string) => /^\/api\/v\d+\//.test(url);

/**
 * Collects every API route, so tests can sweep them all (auth required, no 500 on garbage), and
 * refuses to start with one that names no permission action. Registered before any route.
 */
export const apiRoutesPlugin = fp(
  async (app) => {
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
  },
  { name: 'api-routes' },
);

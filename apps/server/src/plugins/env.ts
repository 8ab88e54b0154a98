import fp from 'fastify-plugin';
import type { Env } from '../env.js';

declare module 'fastify' {
  interface FastifyInstance {
    env: Env;
  }
}

/** The server's settings (src/env.ts), read by the plugins and the modules as `app.env`. */
export const envPlugin = fp<{ env: Env }>(
  async (app, { env }) => {
    app.decorate('env', env);
  },
  { name: 'env' },
);

import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { API, call, callsOf } from '@app/domain';
import { contractCheck } from '../src/plugins/contract-check.js';
import { routesOf } from '../src/lib/contract-routes.js';
import { useTestApp } from './helpers/test-app.js';

const ctx = useTestApp({ NODE_ENV: 'development' });

/** A made-up area of two calls, so a server can be built with a handler missing or one too many. */
const toy = {
  read: call({
    method: 'GET',
    path: '/api/v1/toy',
    action: 'goals:use',
    tags: ['toy'],
    response: { 200: z.object({ ok: z.boolean() }) },
  }),
  write: call({ method: 'POST', path: '/api/v1/toy', public: true, tags: ['toy'] }),
};

async function serverWith(register: (app: ReturnType<typeof Fastify>) => Promise<void>) {
  const app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('env', { NODE_ENV: 'test' } as never);
  await app.register(contractCheck, { areas: { toy }, devMode: false });
  await register(app);
  return app;
}

describe('the contract (packages/domain/src/contract)', () => {
  it('every call of the contract is a route of the server, and every API route is a call of the contract', () => {
    const declared = callsOf(API).map(({ call: c }) => `${c.method} ${c.path}`);
    const served = ctx.app.apiRoutes.map((r) => `${r.method} ${r.url}`);
    expect(new Set(declared).size).toBe(declared.length);
    expect([...served].sort()).toEqual([...declared].sort());
  });

  it('declares what the route enforces: its permission action or public', () => {
    const byRoute = new Map(ctx.app.apiRoutes.map((r) => [`${r.method} ${r.url}`, r]));
    for (const { area, name, call: c } of callsOf(API)) {
      const r = byRoute.get(`${c.method} ${c.path}`);
      expect({ call: `${area}.${name}`, action: r?.action, public: r?.public }).toEqual({
        call: `${area}.${name}`,
        action: c.action,
        public: Boolean(c.public),
      });
    }
  });

  it('a server whose handlers match its contract starts', async () => {
    const app = await serverWith(async (a) => {
      await a.register(
        routesOf('toy', toy, () => ({ read: async () => ({ ok: true }), write: async () => ({}) })),
        { prefix: '/api/v1' },
      );
    });
    await expect(app.ready()).resolves.toBeDefined();
    await app.close();
  });

  it('a contract entry with no handler stops the start', async () => {
    const app = await serverWith(async (a) => {
      // Only `read` is served: `write` is declared and has no route.
      await a.register(
        routesOf('toy', { read: toy.read }, () => ({ read: async () => ({ ok: true }) })),
        {
          prefix: '/api/v1',
        },
      );
    });
    await expect(app.ready()).rejects.toThrow('No handler for toy.write');
    await app.close();
  });

  it('a handler the contract does not hold stops the start', async () => {
    const extra = routesOf('toy', toy, () => ({
      read: async () => ({ ok: true }),
      write: async () => ({}),
      // Not a call of the area: the start refuses it.
      erase: async () => ({}),
    }));
    const app = Fastify();
    app.decorate('env', { NODE_ENV: 'test' } as never);
    await expect(app.register(extra, { prefix: '/api/v1' }).ready()).rejects.toThrow(
      'toy.erase is a handler with no contract entry',
    );
    await app.close();
  });

  it('an API route registered outside the contract stops the start', async () => {
    const app = await serverWith(async () => {});
    expect(() => app.get('/api/v1/secret', async () => ({}))).toThrow(
      'GET /api/v1/secret is registered outside the contract',
    );
    await app.close();
  });
});

import fp from 'fastify-plugin';
import { callsOf, type Contract } from '@app/domain';
import { isApiPath } from './api-routes.js';

/**
 * Holds the server to its contract (docs/decisions/137-one-contract.md): an API route registered
 * other than from a contract entry stops the start, and so does a contract entry with no route
 * once every plugin is loaded. `areas` is the contract (the tests pass a made-up one).
 */
export const contractCheck = fp<{ areas: Readonly<Record<string, Contract>>; devMode: boolean }>(
  async (app, { areas, devMode }) => {
    const registered = new Set<string>();
    app.addHook('onRoute', (r) => {
      if (!isApiPath(r.url)) return;
      const key = r.config?.contract;
      if (!key) throw new Error(`${String(r.method)} ${r.url} is registered outside the contract`);
      registered.add(key);
    });
    app.addHook('onReady', async () => {
      const missing = callsOf(areas)
        .filter(({ call: c }) => devMode || !c.devOnly)
        .map(({ area, name }) => `${area}.${name}`)
        .filter((key) => !registered.has(key));
      if (missing.length) throw new Error(`No handler for ${missing.join(', ')}`);
    });
  },
  { name: 'contract-check' },
);

import { eq } from 'drizzle-orm';
import { configurationBody, configurationEntryResponse, type ConfigurationEntry } from '@app/domain';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { configurations } from '../../db/schema.js';
import { me, type AuthUser } from '../../lib/auth-context.js';
import { forbidden, notFound } from '../../lib/errors.js';
import { mayDo } from '../../access/permission.js';

/** `{id}` is a scope: 'global' (product-wide entries) or the caller's own school id. */
function checkScope(user: AuthUser, scope: string, write: boolean) {
  if (scope === 'global') {
    if (write && !mayDo(user, 'configuration:writeGlobal')) throw forbidden();
    return;
  }
  if (scope !== user.schoolId) throw notFound('Configuration not found');
}

const params = z.object({ id: z.string().trim().min(1).max(100) });

export const configurationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/configuration/:id', { config: { action: 'configuration:read' }, schema: { tags: ['configuration'], params, response: { 200: z.array(configurationEntryResponse) } } }, async (req): Promise<ConfigurationEntry[]> => {
    checkScope(me(req), req.params.id, false);
    const rows = await app.db.select().from(configurations).where(eq(configurations.scope, req.params.id));
    return rows.map(({ key, value, valueObject }) => ({ key, value, valueObject }));
  });

  app.post('/configuration/:id', { config: { action: 'configuration:write' }, schema: { tags: ['configuration'], params, body: configurationBody, response: { 200: configurationEntryResponse } } }, async (req): Promise<ConfigurationEntry> => {
    checkScope(me(req), req.params.id, true);
    const { key, value = null, valueObject = null } = req.body;
    const [row] = await app.db
      .insert(configurations)
      .values({ scope: req.params.id, key, value, valueObject })
      .onConflictDoUpdate({ target: [configurations.scope, configurations.key], set: { value, valueObject, updatedAt: new Date() } })
      .returning();
    return { key: row!.key, value: row!.value, valueObject: row!.valueObject };
  });
};

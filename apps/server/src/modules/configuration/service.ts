import { msg } from '@app/domain';
import { eq } from 'drizzle-orm';
import type { ConfigurationBody, ConfigurationEntry } from '@app/domain';
import type { Queryable } from '../../db/client.js';
import { configurations } from '../../db/schema.js';
import { mayDo } from '../../access/permission.js';
import type { AuthUser } from '../../lib/auth-context.js';
import { forbidden, notFound } from '../../lib/errors.js';

/** `scope` is 'global' (product-wide entries, written only with configuration:writeGlobal) or the caller's own school id. */
function checkScope(user: AuthUser, scope: string, write: boolean) {
  if (scope === 'global') {
    if (write && !mayDo(user, 'configuration:writeGlobal')) throw forbidden();
    return;
  }
  if (scope !== user.schoolId) throw notFound(msg('msg.configurationNotFound'));
}

const present = ({
  key,
  value,
  valueObject,
}: typeof configurations.$inferSelect): ConfigurationEntry => ({ key, value, valueObject });

/** GET configuration/{scope}: the scope's entries. */
export async function readConfiguration(
  db: Queryable,
  user: AuthUser,
  scope: string,
): Promise<ConfigurationEntry[]> {
  checkScope(user, scope, false);
  const rows = await db.select().from(configurations).where(eq(configurations.scope, scope));
  return rows.map(present);
}

/** POST configuration/{scope}: one entry, set (created or replaced). */
export async function writeConfiguration(
  db: Queryable,
  user: AuthUser,
  scope: string,
  body: ConfigurationBody,
): Promise<ConfigurationEntry> {
  checkScope(user, scope, true);
  const { key, value = null, valueObject = null } = body;
  const [row] = await db
    .insert(configurations)
    .values({ scope, key, value, valueObject })
    .onConflictDoUpdate({
      target: [configurations.scope, configurations.key],
      set: { value, valueObject, updatedAt: new Date() },
    })
    .returning();
  return present(row!);
}

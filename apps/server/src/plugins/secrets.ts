import fp from 'fastify-plugin';
import { configureSecrets, secretsKeyFor } from '../lib/secrets.js';

/** The key of SSO client secrets at rest, read (or on PGlite made) when first needed. */
export const secretsPlugin = fp(
  async (app) => {
    const { database, env } = app;
    configureSecrets(database.db, () =>
      secretsKeyFor({
        secretsKey: env.SECRETS_KEY,
        embedded: database.kind === 'pglite',
        dataDir: env.DATA_DIR,
      }),
    );
  },
  { name: 'secrets', dependencies: ['database', 'env'] },
);

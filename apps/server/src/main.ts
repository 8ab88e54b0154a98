import { boot, StartRefusedError } from './boot.js';
import { DatabaseOpenError } from './db/open-error.js';
import { isWildcardHost, parseEnv } from './env.js';

const env = parseEnv();
const running = await boot(env).catch((err) => {
  if (!(err instanceof DatabaseOpenError || err instanceof StartRefusedError)) throw err;
  console.error(`Cannot start: ${err.message}`);
  process.exit(1);
});
const address = await running.app.listen({ port: env.PORT, host: env.HOST });
// Printed whatever LOG_LEVEL says (the default, warn, leaves out Fastify's own listening line).
const everywhere = isWildcardHost(env.HOST);
console.log(
  everywhere
    ? `Listening on http://localhost:${new URL(address).port} (all interfaces)`
    : `Listening on ${address}`,
);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    running.app.log.info({ signal }, 'shutting down');
    running
      .stop()
      .then(() => process.exit(0))
      .catch((err) => {
        running.app.log.error({ err }, 'shutdown failed');
        process.exit(1);
      });
  });
}

import { boot } from './boot.js';
import { parseEnv } from './env.js';

const env = parseEnv();
const running = await boot(env);
await running.app.listen({ port: env.PORT, host: env.HOST });

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

import { existsSync } from 'node:fs';
import path from 'node:path';
import { demoStartRefusal } from '../boot.js';
import { DEFAULT_WEB_DIST, isLoopbackHost, parseEnv } from '../env.js';
import { clusterDatabaseRefusal, startCluster, type Cluster } from './launch.js';

/**
 * `npm run cluster -- N [--pgbouncer]`: N API servers (default 3) on DATABASE_URL behind HAProxy on
 * HOST:PORT (default 127.0.0.1:3000); the servers on PORT+1 … PORT+N, loopback only. Ctrl-C stops
 * them all (docs/decisions/099-three-servers-behind-haproxy.md).
 */
const args = process.argv.slice(2);
const usage = 'usage: npm run cluster -- [servers, default 3] [--pgbouncer]';
const count = Number(args.find((a) => !a.startsWith('--')) ?? 3);
const unknown = args.filter((a) => a.startsWith('--') && a !== '--pgbouncer');
if (!Number.isInteger(count) || count < 1 || count > 16 || unknown.length) {
  console.error(usage);
  process.exit(2);
}

const env = parseEnv();
const refusal = clusterDatabaseRefusal(env.DATABASE_URL);
if (refusal) {
  console.error(`Cannot start the cluster: ${refusal}`);
  process.exit(1);
}
if (!existsSync(path.join(env.WEB_DIST ?? DEFAULT_WEB_DIST, 'index.html')))
  console.log('No web build: the servers answer the API only (npm run build makes the web app).');

let cluster: Cluster | null = null;
let stopping = false;
const stop = (code: number) => {
  if (stopping) return;
  stopping = true;
  console.log('Stopping the cluster…');
  void (cluster?.stop() ?? Promise.resolve()).finally(() => process.exit(code));
};
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => stop(0));

try {
  cluster = await startCluster({
    servers: count,
    databaseUrl: env.DATABASE_URL!,
    host: env.HOST,
    port: env.PORT,
    serverPorts: Array.from({ length: count }, (_, i) => env.PORT + 1 + i),
    pgbouncerPort: args.includes('--pgbouncer') ? env.PORT + count + 1 : undefined,
    onOutput: (name, line) => console.log(`[${name}] ${line}`),
  });
} catch (err) {
  console.error(`Cannot start the cluster: ${(err as Error).message}`);
  process.exit(1);
}

// The servers listen on loopback, HAProxy on HOST: the demo's published password must not reach
// beyond this machine through it either (docs/decisions/080-demo-listens-on-loopback.md).
if (!isLoopbackHost(env.HOST) && env.NODE_ENV === 'production') {
  const status = (await (await fetch(`${cluster.url}/api/v1/status`)).json()) as { demo: boolean };
  const demoRefusal = status.demo ? demoStartRefusal(env) : null;
  if (demoRefusal) {
    console.error(`Cannot start the cluster: ${demoRefusal}`);
    stop(1);
  }
}
if (!stopping) {
  console.log(
    `Cluster: ${count} server${count > 1 ? 's' : ''} (${cluster.servers.map((s) => s.url).join(', ')})` +
      `${args.includes('--pgbouncer') ? ' through PgBouncer' : ''} behind HAProxy.`,
  );
  if (count > 1 && cluster.servers.some((s) => s.output().includes('setup code')))
    console.log(
      'Each start issues a new setup code: the last one printed above is the one that works.',
    );
  if (args.includes('--pgbouncer'))
    console.log(
      'Through PgBouncer the LISTEN connection hears nothing (transaction pooling hands its server ' +
        'connection on): sign-outs and changes reach the other servers only after SESSION_CACHE_SECONDS.',
    );
  console.log(`Listening on ${cluster.url}`);
}

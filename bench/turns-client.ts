/**
 * A load client in its own process, like `load` (load.ts), for requests that differ from one
 * another: many sessions taking turns. Reads `{ url, requests, connections, seconds }` as JSON on
 * stdin (`requests`: `{ path, headers }` each) and prints autocannon's figures as JSON. Every
 * connection goes round the whole list, each starting at another place in it, so at any moment
 * the connections speak for different sessions.
 */
import { createRequire } from 'node:module';

interface Input {
  url: string;
  requests: { path: string; headers: Record<string, string> }[];
  connections: number;
  seconds: number;
}

const chunks: Buffer[] = [];
for await (const c of process.stdin) chunks.push(c as Buffer);
const input = JSON.parse(Buffer.concat(chunks).toString()) as Input;

// autocannon has no types of its own.
const autocannon = createRequire(import.meta.url)('autocannon') as (
  opts: Record<string, unknown>,
) => Promise<{
  requests: { average: number; total: number };
  latency: { p99: number };
  non2xx: number;
  errors: number;
  timeouts: number;
}>;

const requests = input.requests.map((r) => ({ method: 'GET', ...r }));
const step = Math.max(1, Math.floor(requests.length / input.connections));
let clients = 0;
const r = await autocannon({
  url: input.url,
  connections: input.connections,
  duration: input.seconds,
  requests,
  setupClient: (client: { setRequests(r: unknown[]): void }) => {
    const at = (clients++ * step) % requests.length;
    client.setRequests([...requests.slice(at), ...requests.slice(0, at)]);
  },
});
console.log(
  JSON.stringify({
    rps: r.requests.average,
    p99Ms: r.latency.p99,
    requests: r.requests.total,
    failures: r.non2xx + r.errors + r.timeouts,
  }),
);

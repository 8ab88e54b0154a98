/**
 * A load client in its own process (so the server under test keeps its event loop): `clients`
 * loops, each a different student, placing one-item orders for `seconds`. Prints JSON.
 * argv: url, seconds, then a JSON file of { tokens, productId }.
 * node:http on kept-alive sockets, not fetch: fetch cost this client about 1.1 ms of CPU per order
 * on the machine it shares with the server and the database, pgbench's own client a few µs.
 */
import http from 'node:http';
import { readFileSync } from 'node:fs';

const [url, secondsArg, file] = process.argv.slice(2) as [string, string, string];
const { tokens, productId } = JSON.parse(readFileSync(file, 'utf8')) as {
  tokens: string[];
  productId: string;
};
const body = JSON.stringify({ orderItems: [{ productId, quantity: 1 }] });
const until = Date.now() + Number(secondsArg) * 1000;
const agent = new http.Agent({ keepAlive: true, maxSockets: tokens.length });
const target = new URL(url);
let ok = 0;
let failed = 0;
const latencies: number[] = [];
const firstFailures: string[] = [];

function post(token: string): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        agent,
        host: target.hostname,
        port: target.port,
        path: target.pathname,
        method: 'POST',
        headers: {
          authtoken: token,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString() }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

await Promise.all(
  tokens.map(async (token) => {
    while (Date.now() < until) {
      const t = performance.now();
      try {
        const res = await post(token);
        if (res.status === 200) ok++;
        else {
          failed++;
          if (firstFailures.length < 3)
            firstFailures.push(`${res.status} ${res.text.slice(0, 120)}`);
        }
      } catch (e) {
        failed++;
        if (firstFailures.length < 3) firstFailures.push(String(e));
      }
      latencies.push(performance.now() - t);
    }
  }),
);
agent.destroy();
latencies.sort((a, b) => a - b);
const cpu = process.cpuUsage();
console.log(
  JSON.stringify({
    ok,
    failed,
    firstFailures,
    p99Ms: latencies[Math.floor(latencies.length * 0.99)] ?? 0,
    clientCpuMsPerOrder: (cpu.user + cpu.system) / 1000 / Math.max(1, ok),
  }),
);

/**
 * A load client in its own process (so the server under test keeps its event loop): `clients`
 * loops, each a different student, placing one-item orders for `seconds`. Prints JSON.
 * argv: url, seconds, then a JSON file of { tokens, productId }.
 */
import { readFileSync } from 'node:fs';

const [url, secondsArg, file] = process.argv.slice(2) as [string, string, string];
const { tokens, productId } = JSON.parse(readFileSync(file, 'utf8')) as {
  tokens: string[];
  productId: string;
};
const body = JSON.stringify({ orderItems: [{ productId, quantity: 1 }] });
const until = Date.now() + Number(secondsArg) * 1000;
let ok = 0;
let failed = 0;
const latencies: number[] = [];
const firstFailures: string[] = [];

await Promise.all(
  tokens.map(async (token) => {
    while (Date.now() < until) {
      const t = performance.now();
      try {
        const res = await fetch(url, {
          method: 'POST',
          headers: { authtoken: token, 'content-type': 'application/json' },
          body,
        });
        const text = await res.text();
        if (res.status === 200) ok++;
        else {
          failed++;
          if (firstFailures.length < 3) firstFailures.push(`${res.status} ${text.slice(0, 120)}`);
        }
      } catch (e) {
        failed++;
        if (firstFailures.length < 3) firstFailures.push(String(e));
      }
      latencies.push(performance.now() - t);
    }
  }),
);
latencies.sort((a, b) => a - b);
console.log(
  JSON.stringify({
    ok,
    failed,
    firstFailures,
    p99Ms: latencies[Math.floor(latencies.length * 0.99)] ?? 0,
  }),
);

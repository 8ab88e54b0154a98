import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { API, routeTableOf } from '@app/domain';
import { ROUTE_TABLE } from './route-table.generated';

const SRC = path.resolve(import.meta.dirname, '..');
/** The only files that speak HTTP: the transport and the client derived from the contract. */
const TRANSPORT = new Set([
  'api/client.ts',
  'api/contract-client.ts',
  'api/client.test.ts',
  'api/contract-usage.test.ts', // its own samples
  'api/route-table.generated.ts', // the contract's paths, written by npm run contract:table
  'boot/boot.ts', // sends the contract's calls named in boot/early-reads.ts before the app loads
  'boot/boot.test.ts', // its samples
]);

function sources(dir = SRC): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return sources(full);
    return /\.(ts|tsx)$/.test(e.name) ? [full] : [];
  });
}

/** Where the web calls the API, and how, in one source text. */
function callsIn(text: string): { through: string[]; bypass: string[] } {
  const through = [...text.matchAll(/\bapi\.(\w+)\.(\w+)\b/g)].map((m) => `${m[1]}.${m[2]}`);
  const bypass = [
    ...text.matchAll(/\bfetch\(|\brequest(File)?\(|\bhttp\.(get|post|put|del)\b|['"`]\/?api\/v\d/g),
  ].map((m) => m[0]);
  return { through, bypass };
}

function unknownCalls(through: string[]): string[] {
  const areas = API as Readonly<Record<string, Readonly<Record<string, unknown>>>>;
  return through.filter((c) => {
    const [area, name] = c.split('.') as [string, string];
    return !areas[area] || !(name in areas[area]);
  });
}

describe('the web calls the API only through the contract', () => {
  it('no file outside the transport sends a request or writes an API path', () => {
    const offenders = sources()
      .map((f) => ({
        file: path.relative(SRC, f),
        bypass: callsIn(readFileSync(f, 'utf8')).bypass,
      }))
      .filter((o) => !TRANSPORT.has(o.file) && o.bypass.length > 0);
    expect(offenders).toEqual([]);
  });

  it('every api.<area>.<call> the web makes is a call of the contract', () => {
    const calls = sources()
      .filter((f) => !TRANSPORT.has(path.relative(SRC, f)))
      .flatMap((f) => callsIn(readFileSync(f, 'utf8')).through);
    expect(calls.length).toBeGreaterThan(0);
    expect(unknownCalls(calls)).toEqual([]);
  });

  it('catches a call the contract does not hold, and a request beside the client', () => {
    const { through, bypass } = callsIn(
      "api.goal.pin({ body }); api.goal.erase(); fetch('/api/v1/goal'); request('GET', 'goal');",
    );
    expect(unknownCalls(through)).toEqual(['goal.erase']);
    expect(bypass).toEqual(['fetch(', "'/api/v1", 'request(']);
  });

  it('carries the methods and paths of the contract, as `npm run contract:table` writes them', () => {
    expect(ROUTE_TABLE).toEqual(routeTableOf(API));
  });
});

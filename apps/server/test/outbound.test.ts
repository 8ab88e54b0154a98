import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addressKind, isPublicAddress } from '../src/lib/ip-address.js';
import {
  checkedAddresses,
  guardedFetch,
  OutboundRefused,
  outboundPolicyFor,
  urlProblem,
  type OutboundPolicy,
} from '../src/lib/outbound.js';
import { endpointProblem } from '../src/modules/identity/sso.js';

/*
 * The outbound rules of docs/decisions/060-sso-issuer-public-internet.md: which addresses a school's SSO issuer may reach, checked after
 * resolving the name at every request, and the connection made to the address checked.
 */

describe('addressKind', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.255.0.9', 'loopback'],
    ['::1', 'loopback'],
    ['0:0:0:0:0:0:0:1', 'loopback'],
    ['[::1]', 'loopback'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['0:0:0:0:0:ffff:7f00:0001', 'loopback'],
    ['10.1.2.3', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.1', 'private'],
    ['100.64.0.1', 'private'],
    ['::ffff:10.0.0.1', 'private'],
    ['::ffff:192.168.0.10', 'private'],
    ['64:ff9b::10.0.0.1', 'private'],
    ['2002:0a00:0001::1', 'private'],
    ['169.254.1.1', 'link-local'],
    ['fe80::1', 'link-local'],
    ['fe80::1%eth0', 'link-local'],
    ['febf::1', 'link-local'],
    ['fec0::1', 'link-local'],
    ['169.254.169.254', 'metadata'],
    ['::ffff:169.254.169.254', 'metadata'],
    ['::ffff:a9fe:a9fe', 'metadata'],
    ['169.254.170.2', 'metadata'],
    ['100.100.100.200', 'metadata'],
    ['192.0.0.192', 'metadata'],
    ['fd00:ec2::254', 'metadata'],
    ['fd00:ec2:0:0:0:0:0:254', 'metadata'],
    ['fc00::1', 'unique-local'],
    ['fd12:3456::1', 'unique-local'],
    ['0.0.0.0', 'reserved'],
    ['::', 'reserved'],
    ['::127.0.0.1', 'reserved'],
    ['224.0.0.1', 'reserved'],
    ['255.255.255.255', 'reserved'],
    ['192.0.2.10', 'reserved'],
    ['198.18.0.1', 'reserved'],
    ['ff02::1', 'reserved'],
    ['2001:db8::1', 'reserved'],
    ['2001:0:4136:e378:8000:63bf:3fff:fdd2', 'reserved'], // Teredo
    ['100::1', 'reserved'],
    ['93.184.215.14', 'public'],
    ['8.8.8.8', 'public'],
    ['172.32.0.1', 'public'],
    ['100.128.0.1', 'public'],
    ['::ffff:8.8.8.8', 'public'],
    ['64:ff9b::8.8.8.8', 'public'],
    ['2606:4700::6810:84e5', 'public'],
    ['2a00:1450:4001:80b::200e', 'public'],
  ])('%s is %s', (ip, kind) => {
    expect(addressKind(ip)).toBe(kind);
    expect(isPublicAddress(ip)).toBe(kind === 'public');
  });

  it('is null for what is not an address (names, other spellings the URL parser would have made canonical)', () => {
    for (const s of [
      'localhost',
      'example.org',
      '',
      '127.1',
      '0x7f.0.0.1',
      '2130706433',
      '1.2.3.4.5',
      '::ffff:1.2.3',
      'gggg::1',
    ])
      expect(addressKind(s)).toBeNull();
  });
});

describe('urlProblem and checkedAddresses', () => {
  const production: OutboundPolicy = { allowLocal: false };
  const development: OutboundPolicy = { allowLocal: true };
  /** A DNS answering these addresses for every name. */
  const dns = (...addresses: string[]) => ({
    lookup: async () =>
      addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 })),
  });

  it('production: https to public hosts only; development and tests: also http and local addresses, never metadata', () => {
    expect(outboundPolicyFor({ NODE_ENV: 'production' }).allowLocal).toBe(false);
    expect(outboundPolicyFor({ NODE_ENV: 'test' }).allowLocal).toBe(true);
    expect(outboundPolicyFor({ NODE_ENV: 'development' }).allowLocal).toBe(true);
    expect(urlProblem(new URL('https://clever.com'), production)).toBeNull();
    expect(urlProblem(new URL('http://clever.com'), production)).toMatch(/http:/);
    expect(urlProblem(new URL('javascript:alert(1)'), production)).toMatch(/javascript:/);
    for (const u of [
      'https://127.0.0.1',
      'https://[::1]',
      'https://2130706433',
      'https://0x7f.1',
      'https://[::ffff:7f00:1]',
      'https://10.0.0.1',
      'https://169.254.169.254',
      'https://localhost',
      'https://a.localhost',
      'https://intranet',
      'https://0.0.0.0',
    ]) {
      expect(urlProblem(new URL(u), production), u).not.toBeNull();
    }
    expect(urlProblem(new URL('https://user:pass@clever.com'), production)).toMatch(/credentials/);
    expect(urlProblem(new URL('http://127.0.0.1:4000'), development)).toBeNull();
    expect(urlProblem(new URL('http://localhost:4000'), development)).toBeNull();
    expect(urlProblem(new URL('http://169.254.169.254'), development)).toMatch(/metadata/);
    expect(urlProblem(new URL('http://0.0.0.0:4000'), development)).toMatch(/reserved/);
  });

  it('checks every address a name resolves to, not only the first', async () => {
    await expect(
      checkedAddresses(new URL('https://idp.example.org'), {
        ...production,
        ...dns('93.184.215.14'),
      }),
    ).resolves.toEqual([{ address: '93.184.215.14', family: 4 }]);
    for (const bad of [
      ['127.0.0.1'],
      ['93.184.215.14', '10.0.0.7'],
      ['2606:4700::6810:84e5', '::1'],
      ['93.184.215.14', '::ffff:169.254.169.254'],
      ['fd00::5'],
    ]) {
      await expect(
        checkedAddresses(new URL('https://idp.example.org'), { ...production, ...dns(...bad) }),
        bad.join(),
      ).rejects.toBeInstanceOf(OutboundRefused);
    }
    await expect(
      checkedAddresses(new URL('https://idp.example.org'), { ...production, ...dns() }),
    ).rejects.toThrow(/no address/);
  });
});

describe('guardedFetch against a listener on loopback', () => {
  let listener: http.Server;
  let port: number;
  const seen: { host: string | undefined; url: string | undefined }[] = [];

  beforeAll(async () => {
    listener = http.createServer((req, res) => {
      seen.push({ host: req.headers.host, url: req.url });
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ ok: true }));
    });
    await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
    port = (listener.address() as AddressInfo).port;
  });
  afterAll(async () => {
    listener.closeAllConnections();
    await new Promise<void>((resolve) => listener.close(() => resolve()));
  });

  const get = { method: 'GET', headers: { accept: 'application/json' } };

  it('in production reaches nothing on this machine: by address, by a name for it, or by a name that now resolves to it (rebinding)', async () => {
    seen.length = 0;
    const production: OutboundPolicy = { allowLocal: false };
    for (const u of [
      `http://127.0.0.1:${port}/`,
      `https://127.0.0.1:${port}/`,
      `https://[::ffff:127.0.0.1]:${port}/`,
      `https://localhost:${port}/`,
      `https://0.0.0.0:${port}/`,
    ]) {
      await expect(guardedFetch(production)(u, get), u).rejects.toBeInstanceOf(OutboundRefused);
    }
    // A name whose DNS answered a public address when the issuer was saved and loopback now.
    let answers = 0;
    const rebinding: OutboundPolicy = {
      allowLocal: false,
      lookup: async () => [{ address: answers++ === 0 ? '93.184.215.14' : '127.0.0.1', family: 4 }],
    };
    await checkedAddresses(new URL(`https://idp.example.org:${port}/`), rebinding); // the save's check
    await expect(
      guardedFetch(rebinding)(
        `https://idp.example.org:${port}/.well-known/openid-configuration`,
        get,
      ),
    ).rejects.toThrow(/resolves to 127\.0\.0\.1, a loopback address/);
    expect(seen).toEqual([]);
  });

  it('connects to the address it checked, not to a second answer of the DNS', async () => {
    seen.length = 0;
    // Only the checked answer is ever used: the name itself resolves nowhere.
    const pinned: OutboundPolicy = {
      allowLocal: true,
      lookup: async () => [{ address: '127.0.0.1', family: 4 }],
    };
    const res = await guardedFetch(pinned)(`http://idp.invalid:${port}/x?y=1`, get);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true });
    expect(seen).toEqual([{ host: `idp.invalid:${port}`, url: '/x?y=1' }]);
  });

  it('ends a request that takes too long and an answer that is too large', async () => {
    const slow = http.createServer(() => {}); // never answers
    await new Promise<void>((resolve) => slow.listen(0, '127.0.0.1', resolve));
    const started = Date.now();
    await expect(
      guardedFetch({ allowLocal: true, timeoutMs: 200 })(
        `http://127.0.0.1:${(slow.address() as AddressInfo).port}/`,
        get,
      ),
    ).rejects.toThrow(/within 200 ms/);
    expect(Date.now() - started).toBeLessThan(2000);
    slow.closeAllConnections();
    await new Promise<void>((resolve) => slow.close(() => resolve()));
    await expect(
      guardedFetch({ allowLocal: true, maxBytes: 5 })(`http://127.0.0.1:${port}/`, get),
    ).rejects.toThrow(/more than 5 bytes/);
  });
});

describe("endpointProblem (the provider's metadata)", () => {
  const production = { allowLocal: false };
  const clever = new URL('https://clever.com');
  const classlink = new URL('https://launchpad.classlink.com');

  it("the authorization endpoint only at the issuer's origin, https", () => {
    expect(
      endpointProblem(
        'authorization_endpoint',
        'https://clever.com/oauth/authorize',
        clever,
        production,
        true,
      ),
    ).toBeNull();
    for (const bad of [
      'https://evil.example/authorize',
      'https://api.clever.com/oauth/authorize',
      'http://clever.com/oauth/authorize',
      'javascript:alert(1)',
      'https://clever.com:8443/a',
      undefined,
      'not a url',
    ]) {
      expect(
        endpointProblem('authorization_endpoint', bad, clever, production, true),
        String(bad),
      ).not.toBeNull();
    }
  });

  it("the endpoints this server calls on the issuer's host or site", () => {
    expect(
      endpointProblem(
        'userinfo_endpoint',
        'https://api.clever.com/userinfo',
        clever,
        production,
        false,
      ),
    ).toBeNull();
    expect(
      endpointProblem(
        'token_endpoint',
        'https://clever.com/oauth/tokens',
        clever,
        production,
        false,
      ),
    ).toBeNull();
    expect(
      endpointProblem(
        'userinfo_endpoint',
        'https://nodeapi.classlink.com/v2/my/info',
        classlink,
        production,
        false,
      ),
    ).toBeNull();
    expect(endpointProblem('userinfo_endpoint', undefined, clever, production, false)).toBeNull();
    for (const bad of [
      'https://evil.example/token',
      'https://clever.com.evil.example/token',
      'https://notclever.com/token',
      'https://127.0.0.1/token',
      'http://clever.com/token',
    ]) {
      expect(endpointProblem('token_endpoint', bad, clever, production, false), bad).not.toBeNull();
    }
    const local = new URL('http://127.0.0.1:4000');
    expect(
      endpointProblem(
        'token_endpoint',
        'http://127.0.0.1:4000/token',
        local,
        { allowLocal: true },
        false,
      ),
    ).toBeNull();
    expect(
      endpointProblem(
        'token_endpoint',
        'http://127.0.0.2:4000/token',
        local,
        { allowLocal: true },
        false,
      ),
    ).not.toBeNull();
  });
});

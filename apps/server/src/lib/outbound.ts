import { lookup as dnsLookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { addressKind, type AddressKind } from './ip-address.js';

/*
 * Requests to addresses a school's settings name (the SSO issuer and the endpoints its metadata
 * lists; docs/decisions/060-sso-issuer-public-internet.md). In production only https to public addresses: the host is
 * resolved at every request, every address it resolves to is checked, and the connection goes to
 * a checked address (no second resolution a rebinding DNS server could answer differently).
 */

export interface OutboundPolicy {
  /** Development and tests: plain http too, and this machine's and private networks' addresses. */
  allowLocal: boolean;
  /** All the addresses of a host name (tests give their own). */
  lookup?: (host: string) => Promise<{ address: string; family: number }[]>;
  /** For the whole request, connection to last byte. */
  timeoutMs?: number;
  /** The largest answer read. */
  maxBytes?: number;
}

export const OUTBOUND_TIMEOUT_MS = 5_000;
const MAX_BYTES = 512 * 1024;

/** The policy of a server: local addresses only outside production. */
export const outboundPolicyFor = (env: { NODE_ENV: string }): OutboundPolicy => ({
  allowLocal: env.NODE_ENV === 'development' || env.NODE_ENV === 'test',
});

/** A request this policy does not make (the address or the scheme), said without secrets. */
export class OutboundRefused extends Error {
  override name = 'OutboundRefused';
}

/** Kinds a development or test server may reach besides public addresses; metadata, link-local and the rest never. */
const LOCAL_KINDS: readonly AddressKind[] = ['loopback', 'private', 'unique-local'];

const addressAllowed = (kind: AddressKind, policy: Pick<OutboundPolicy, 'allowLocal'>): boolean =>
  kind === 'public' || (policy.allowLocal && LOCAL_KINDS.includes(kind));

/** Why this URL may not be requested without resolving it (scheme, an address or name for this machine), or null. */
export function urlProblem(url: URL, policy: Pick<OutboundPolicy, 'allowLocal'>): string | null {
  if (url.protocol !== 'https:' && !(policy.allowLocal && url.protocol === 'http:'))
    return `${url.protocol} is not allowed, only https:`;
  if (url.username || url.password) return 'a URL with credentials is not allowed';
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const kind = addressKind(host);
  if (kind && !addressAllowed(kind, policy)) return `${host} is a ${kind} address`;
  if (
    !kind &&
    !policy.allowLocal &&
    (host === 'localhost' || host.endsWith('.localhost') || !host.includes('.'))
  )
    return `${host} is not a public host name`;
  return null;
}

const systemLookup = (host: string) => dnsLookup(host, { all: true, verbatim: true });

/**
 * The addresses to connect to for this URL: the literal, or every address its name resolves to
 * now, each checked. Throws OutboundRefused when one is not allowed.
 */
export async function checkedAddresses(
  url: URL,
  policy: OutboundPolicy,
): Promise<{ address: string; family: number }[]> {
  const problem = urlProblem(url, policy);
  if (problem) throw new OutboundRefused(`${url.origin}: ${problem}`);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (addressKind(host)) return [{ address: host, family: host.includes(':') ? 6 : 4 }];
  const found = await (policy.lookup ?? systemLookup)(host);
  if (!found.length) throw new Error(`${host} has no address`);
  for (const a of found) {
    const kind = addressKind(a.address) ?? 'reserved';
    if (!addressAllowed(kind, policy))
      throw new OutboundRefused(
        `${url.origin}: ${host} resolves to ${a.address}, a ${kind} address`,
      );
  }
  return found;
}

/** The checked addresses as node's `lookup`: the socket connects to them, whatever the DNS says later. */
const pinned =
  (addresses: { address: string; family: number }[]): LookupFunction =>
  (_host, options, callback) => {
    if (options.all)
      (callback as (err: null, a: { address: string; family: number }[]) => void)(null, addresses);
    else callback(null, addresses[0]!.address, addresses[0]!.family);
  };

type FetchBody =
  ArrayBuffer | null | ReadableStream | string | Uint8Array | undefined | URLSearchParams;

const bodyBytes = (body: FetchBody): Buffer | undefined => {
  if (body === undefined || body === null) return undefined;
  if (typeof body === 'string') return Buffer.from(body);
  if (body instanceof URLSearchParams) return Buffer.from(body.toString());
  if (body instanceof Uint8Array) return Buffer.from(body);
  if (body instanceof ArrayBuffer) return Buffer.from(new Uint8Array(body));
  throw new TypeError('a streamed request body is not supported');
};

/**
 * A fetch (the shape openid-client's `customFetch` calls) that checks and pins the address at every
 * call, never follows a redirect, and ends within the policy's time with at most its bytes.
 */
export function guardedFetch(policy: OutboundPolicy) {
  const timeoutMs = policy.timeoutMs ?? OUTBOUND_TIMEOUT_MS;
  const maxBytes = policy.maxBytes ?? MAX_BYTES;
  return async (
    input: string,
    init: {
      method: string;
      headers: Record<string, string>;
      body?: FetchBody;
      signal?: AbortSignal;
    },
  ): Promise<Response> => {
    const url = new URL(input);
    const addresses = await checkedAddresses(url, policy);
    const body = bodyBytes(init.body);
    const client = url.protocol === 'https:' ? https : http;
    return new Promise<Response>((resolve, reject) => {
      let settled = false;
      const timer = setTimeout(
        () => fail(new Error(`${url.origin} did not answer within ${timeoutMs} ms`)),
        timeoutMs,
      );
      const fail = (err: unknown) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        req.destroy();
        reject(err);
      };
      const req = client.request({
        protocol: url.protocol,
        hostname: url.hostname.replace(/^\[|\]$/g, ''),
        port: url.port || undefined,
        path: url.pathname + url.search,
        method: init.method,
        headers: { ...init.headers, ...(body ? { 'content-length': String(body.length) } : {}) },
        lookup: pinned(addresses),
        agent: false, // a new connection to the address just checked, never a pooled one
        signal: init.signal,
      });
      req.on('error', fail);
      req.on('response', (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > maxBytes)
            fail(new Error(`${url.origin} answered more than ${maxBytes} bytes`));
          else chunks.push(chunk);
        });
        res.on('error', fail);
        res.on('end', () => {
          if (settled) return;
          const headers = new Headers();
          for (let i = 0; i + 1 < res.rawHeaders.length; i += 2)
            headers.append(res.rawHeaders[i]!, res.rawHeaders[i + 1]!);
          const status = res.statusCode ?? 502;
          const nullBody = status === 204 || status === 205 || status === 304;
          try {
            const response = new Response(nullBody ? null : Buffer.concat(chunks), {
              status,
              statusText: res.statusMessage ?? '',
              headers,
            });
            settled = true;
            clearTimeout(timer);
            resolve(response);
          } catch (err) {
            fail(err);
          }
        });
      });
      req.end(body);
    });
  };
}

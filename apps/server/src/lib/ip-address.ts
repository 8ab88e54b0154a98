import { isIP } from 'node:net';

/*
 * What kind of address an IP is, for the outbound requests a school's settings can point at (the
 * SSO issuer; docs/decisions/060-sso-issuer-public-internet.md). Pure: no DNS here, the caller resolves first.
 */

export type AddressKind =
  /** Reachable on the internet: the only kind a production server fetches. */
  | 'public'
  /** This machine: 127.0.0.0/8, ::1. */
  | 'loopback'
  /** RFC 1918 and shared address space (carrier-grade NAT): 10/8, 172.16/12, 192.168/16, 100.64/10. */
  | 'private'
  /** fc00::/7. */
  | 'unique-local'
  /** 169.254/16, fe80::/10 (and the deprecated site-local fec0::/10). */
  | 'link-local'
  /** A cloud provider's instance metadata service (credentials live there). */
  | 'metadata'
  /** Everything else that is not a unicast internet address: unspecified, documentation, multicast, reserved, … */
  | 'reserved';

/** The cloud metadata services' IPv4 addresses (AWS, GCP, Azure; AWS ECS; Alibaba; Oracle). */
const METADATA_V4 = new Set(['169.254.169.254', '169.254.170.2', '100.100.100.200', '192.0.0.192']);
/** AWS's over IPv6: fd00:ec2::254. */
const METADATA_V6 = [0xfd00, 0xec2, 0, 0, 0, 0, 0, 0x254];

/** A dotted quad as 4 bytes, or null (only the canonical form: what `net.isIPv4` accepts). */
function v4Bytes(ip: string): number[] | null {
  if (isIP(ip) !== 4) return null;
  return ip.split('.').map(Number);
}

/** An IPv6 address (any textual form, with an IPv4 tail or a zone) as 8 16-bit groups, or null. */
function v6Groups(ip: string): number[] | null {
  const bare = ip.replace(/%.*$/, '');
  if (isIP(bare) !== 6) return null;
  const part = (s: string): number[] => {
    if (s === '') return [];
    return s.split(':').flatMap((g) => {
      const q = v4Bytes(g);
      return q ? [(q[0]! << 8) | q[1]!, (q[2]! << 8) | q[3]!] : [parseInt(g, 16)];
    });
  };
  const [head, tail] = bare.split('::') as [string, string | undefined];
  const h = part(head);
  if (tail === undefined) return h;
  const t = part(tail);
  return [...h, ...Array<number>(8 - h.length - t.length).fill(0), ...t];
}

const inV4 = (b: number[], net: [number, number, number, number], bits: number): boolean => {
  for (let i = 0; i < 4; i++) {
    const keep = Math.max(0, Math.min(8, bits - i * 8));
    const mask = keep === 0 ? 0 : (0xff << (8 - keep)) & 0xff;
    if ((b[i]! & mask) !== (net[i]! & mask)) return false;
  }
  return true;
};

function kindOfV4(b: number[]): AddressKind {
  const ip = b.join('.');
  if (METADATA_V4.has(ip)) return 'metadata';
  if (inV4(b, [127, 0, 0, 0], 8)) return 'loopback';
  if (
    inV4(b, [10, 0, 0, 0], 8) ||
    inV4(b, [172, 16, 0, 0], 12) ||
    inV4(b, [192, 168, 0, 0], 16) ||
    inV4(b, [100, 64, 0, 0], 10)
  )
    return 'private';
  if (inV4(b, [169, 254, 0, 0], 16)) return 'link-local';
  const reserved: [[number, number, number, number], number][] = [
    [[0, 0, 0, 0], 8], // "this network" (0.0.0.0 reaches this machine on Linux)
    [[192, 0, 0, 0], 24], // IETF protocol assignments
    [[192, 0, 2, 0], 24], // documentation
    [[192, 88, 99, 0], 24], // 6to4 relay anycast (deprecated)
    [[198, 18, 0, 0], 15], // benchmarking
    [[198, 51, 100, 0], 24], // documentation
    [[203, 0, 113, 0], 24], // documentation
    [[224, 0, 0, 0], 4], // multicast
    [[240, 0, 0, 0], 4], // reserved, and the broadcast address
  ];
  return reserved.some(([net, bits]) => inV4(b, net, bits)) ? 'reserved' : 'public';
}

/** The IPv4 address in the last 32 bits. */
const tailV4 = (g: number[]) => [g[6]! >> 8, g[6]! & 0xff, g[7]! >> 8, g[7]! & 0xff];

function kindOfV6(g: number[]): AddressKind {
  const zeros = (from: number, to: number) => g.slice(from, to).every((x) => x === 0);
  if (g.every((x, i) => x === METADATA_V6[i])) return 'metadata';
  if (zeros(0, 7) && g[7] === 1) return 'loopback';
  if (zeros(0, 5) && g[5] === 0xffff) return kindOfV4(tailV4(g)); // IPv4-mapped ::ffff:a.b.c.d
  if (zeros(0, 6)) return 'reserved'; // unspecified ::, and the deprecated IPv4-compatible ::a.b.c.d
  if (g[0] === 0x64 && g[1] === 0xff9b && zeros(2, 6)) return kindOfV4(tailV4(g)); // NAT64 64:ff9b::a.b.c.d reaches that IPv4 address
  if (g[0] === 0x2002) return kindOfV4([g[1]! >> 8, g[1]! & 0xff, g[2]! >> 8, g[2]! & 0xff]); // 6to4 2002:AABB:CCDD::
  if ((g[0]! & 0xfe00) === 0xfc00) return 'unique-local';
  if ((g[0]! & 0xffc0) === 0xfe80 || (g[0]! & 0xffc0) === 0xfec0) return 'link-local';
  // The internet is 2000::/3; within it, Teredo (2001:0::/32, a tunnel to any IPv4 address) and documentation (2001:db8::/32) are not.
  if ((g[0]! & 0xe000) !== 0x2000) return 'reserved';
  if (g[0] === 0x2001 && (g[1] === 0 || g[1] === 0xdb8)) return 'reserved';
  if (g[0] === 0x3fff && g[1]! <= 0x0fff) return 'reserved'; // documentation (RFC 9637)
  return 'public';
}

/** The kind of an IP address (IPv4, IPv6, IPv4-mapped IPv6, bracketed or with a zone), or null when it is not one. */
export function addressKind(ip: string): AddressKind | null {
  const s = ip.startsWith('[') && ip.endsWith(']') ? ip.slice(1, -1) : ip;
  const b = v4Bytes(s);
  if (b) return kindOfV4(b);
  const g = v6Groups(s);
  return g ? kindOfV6(g) : null;
}

export const isPublicAddress = (ip: string): boolean => addressKind(ip) === 'public';

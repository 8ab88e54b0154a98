import { isIPv4, isIPv6 } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { parseSecretsKey } from './lib/secrets.js';
import { parseS3Url } from './lib/storage.js';

const bool = (def: boolean) =>
  z
    .enum(['true', 'false', '1', '0', ''])
    .optional()
    .transform((v) => (v === undefined || v === '' ? def : v === 'true' || v === '1'));

/** A yes/no setting whose default depends on other settings: undefined when unset. */
const optionalBool = () =>
  z
    .enum(['true', 'false', '1', '0', ''])
    .optional()
    .transform((v) => (v === undefined || v === '' ? undefined : v === 'true' || v === '1'));

/**
 * Fastify's `trustProxy`: unset/false ignores X-Forwarded-For; `true` believes it from any peer
 * (only when every request comes through a proxy that overwrites the header); anything else is a
 * comma-separated list of the proxies' addresses or CIDR ranges (or `loopback`, `uniquelocal`).
 */
const trustProxy = z
  .string()
  .optional()
  .transform((v): boolean | string => {
    const t = (v ?? '').trim();
    if (t === '' || t === 'false' || t === '0') return false;
    if (t === 'true' || t === '1') return true;
    return t;
  });

/** Every setting the server reads, parsed once at start-up with defaults that make `npm start` work. */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** Where to listen: loopback unless told otherwise (docs/decisions/080-demo-listens-on-loopback.md). */
  HOST: z.string().trim().min(1).default('127.0.0.1'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must start with postgres://')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  DATA_DIR: z.string().default('./data'),
  /**
   * `http(s)://ACCESS_KEY:SECRET@host[:port]/bucket[?region=…]`: product pictures go to this
   * S3-compatible store; unset, they go to the database (docs/decisions/098-pictures-in-the-database.md).
   */
  S3_URL: z
    .string()
    .optional()
    .transform((v) => (v?.trim() ? v.trim() : undefined))
    .superRefine((v, ctx) => {
      if (v === undefined) return;
      try {
        parseS3Url(v);
      } catch (err) {
        ctx.addIssue({ code: 'custom', message: (err as Error).message });
      }
    }),
  /** Unset: seed on the embedded database only (see shouldSeedDemo). */
  SEED_DEMO: optionalBool(),
  /** `true`: a production server with demo sign-ins may still listen beyond loopback (see demoStartRefusal). */
  ALLOW_DEMO_IN_PRODUCTION: bool(false),
  /** `warn`: errors and slow requests only; `info` adds a line per request. */
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('warn'),
  SESSION_TTL_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .default(24 * 14),
  /** How long a server reuses a session look-up (docs/decisions/023-session-cache-and-change-notices.md); 0 looks up every call. */
  SESSION_CACHE_SECONDS: z.coerce.number().min(0).max(300).default(5),
  /** How long a server keeps a read's answer while its school is unchanged (docs/decisions/120-answer-cache.md); 0 keeps none. */
  ANSWER_CACHE_SECONDS: z.coerce.number().min(0).max(60).default(5),
  RELEASE: z.string().optional(),
  WEB_DIST: z.string().optional(),
  JOBS: bool(true),
  /**
   * An instant (`2026-11-30T17:00:00Z`): the clock every date rule reads starts there and runs on
   * (docs/testing-dates.md). For tests and demos of another day: a server that has it says so at start.
   */
  CLOCK: z
    .string()
    .optional()
    .transform((v) => (v?.trim() ? v.trim() : undefined))
    .refine((v) => v === undefined || !Number.isNaN(Date.parse(v)), 'CLOCK must be an ISO instant'),
  /** `false`: nobody is asked a survey (GET surveys/pending answers none); answers and results stay. */
  SURVEYS: bool(true),
  TRUST_PROXY: trustProxy,
  /** Unset: the API docs page is served unless NODE_ENV is production (see apiDocsEnabled). */
  API_DOCS: optionalBool(),
  /** The address users reach this server at: SSO redirects and the links in mails (never taken from a request's Host). */
  PUBLIC_URL: z.url().optional(),
  /** `smtp://user:pass@host:port` or `smtps://…`; unset: mails are not sent (links logged on the embedded database only). */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'SMTP_URL must start with smtp:// or smtps://')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  MAIL_FROM: z.string().default('Merit Market <no-reply@localhost>'),
  /** The demo's SSO clients, written into that school's settings at start (docs/decisions/048-sso.md). */
  SSO_SCHOOL: z.string().default('DEMO'),
  CLEVER_ISSUER: z.string().optional(),
  CLEVER_CLIENT_ID: z.string().optional(),
  CLEVER_CLIENT_SECRET: z.string().optional(),
  CLASSLINK_ISSUER: z.string().optional(),
  CLASSLINK_CLIENT_ID: z.string().optional(),
  CLASSLINK_CLIENT_SECRET: z.string().optional(),
  /**
   * 32 bytes (base64 or hex) that encrypt SSO client secrets at rest (lib/secrets.ts). Unset: on
   * the embedded database a key is made in DATA_DIR/secrets.key; on PostgreSQL none is stored.
   */
  SECRETS_KEY: z
    .string()
    .optional()
    .transform((v) => (v?.trim() ? v.trim() : undefined))
    .superRefine((v, ctx) => {
      if (v === undefined) return;
      try {
        parseSecretsKey(v);
      } catch (err) {
        ctx.addIssue({ code: 'custom', message: (err as Error).message });
      }
    }),
});
export type Env = z.infer<typeof envSchema>;

export function parseEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid environment:\n${lines}`);
  }
  return parsed.data;
}

export const isDevMode = (env: Pick<Env, 'NODE_ENV'>) => env.NODE_ENV === 'development';

/**
 * Whether to seed the demo schools (whose sign-ins share a published password) into an empty
 * database: by default only on the embedded database; on PostgreSQL only with SEED_DEMO=true.
 */
export const shouldSeedDemo = (env: Pick<Env, 'SEED_DEMO' | 'DATABASE_URL'>): boolean =>
  env.SEED_DEMO ?? !env.DATABASE_URL;

/** Whether /api/docs is served: API_DOCS when set, else everywhere but production. */
export const apiDocsEnabled = (env: Pick<Env, 'API_DOCS' | 'NODE_ENV'>): boolean =>
  env.API_DOCS ?? env.NODE_ENV !== 'production';

/** Where `npm run build` puts the web app. */
export const DEFAULT_WEB_DIST = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../web/dist',
);

/** Whether HOST is this machine only: `localhost`, 127.0.0.0/8 or ::1 (IPv4-mapped included). */
export function isLoopbackHost(host: string): boolean {
  const h = host
    .trim()
    .toLowerCase()
    .replace(/^\[(.*)\]$/, '$1');
  if (h === 'localhost') return true;
  if (isIPv4(h)) return h.startsWith('127.');
  if (!isIPv6(h)) return false;
  // The URL parser writes IPv6 canonically: '0:0:0:0:0:0:0:1' is '[::1]', '::ffff:127.0.0.1' '[::ffff:7f00:1]'.
  const canonical = new URL(`http://[${h}]/`).hostname;
  return canonical === '[::1]' || /^\[::ffff:7f[0-9a-f]{2}:/.test(canonical);
}

/** A host that means every interface. */
export const isWildcardHost = (host: string): boolean => ['0.0.0.0', '::', '[::]'].includes(host);

/**
 * Where the browser reaches this server: PUBLIC_URL, else HOST on PORT (localhost when HOST is
 * every interface), so the default is the loopback address the server listens on.
 */
export function publicUrl(env: Pick<Env, 'PUBLIC_URL' | 'PORT' | 'HOST'>): string {
  if (env.PUBLIC_URL) return env.PUBLIC_URL.replace(/\/+$/, '');
  const host = isWildcardHost(env.HOST)
    ? 'localhost'
    : isIPv6(env.HOST)
      ? `[${env.HOST}]`
      : env.HOST;
  return `http://${host}:${env.PORT}`;
}

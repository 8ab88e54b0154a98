import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { chmod, link, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { msg } from '@app/domain';
import type { Db } from '../db/client.js';
import { badRequest } from './errors.js';

/*
 * Secrets the server must send on (SSO client secrets) are kept encrypted at rest (issue 31, L3):
 * AES-256-GCM under SECRETS_KEY, written `enc:v1:<iv>.<ciphertext>.<tag>` (base64url). A value
 * without the prefix is an older clear one: still read, encrypted on its next write. Neither the
 * key nor a secret is ever logged.
 */

/** The prefix of an encrypted value; a new format gets a new version. */
const PREFIX = 'enc:v1:';
const KEY_BYTES = 32;
const IV_BYTES = 12;
/** Where the embedded database's generated key is kept, in DATA_DIR. */
export const SECRETS_KEY_FILE = 'secrets.key';

const HEX_KEY = /^[0-9a-fA-F]{64}$/;
const BASE64_KEY = /^[A-Za-z0-9+/_-]{43}=?$/;

/** SECRETS_KEY's 32 bytes from base64 (or base64url) or hex; throws with the setting's rule. */
export function parseSecretsKey(text: string): Buffer {
  const t = text.trim();
  const key = HEX_KEY.test(t)
    ? Buffer.from(t, 'hex')
    : BASE64_KEY.test(t)
      ? Buffer.from(t.replace(/-/g, '+').replace(/_/g, '/'), 'base64')
      : null;
  if (!key || key.length !== KEY_BYTES)
    throw new Error('SECRETS_KEY must be 32 bytes, as base64 (44 characters) or hex (64)');
  return key;
}

/** Whether a stored value is encrypted (of any version this server knows). */
export const isSealed = (stored: string): boolean => stored.startsWith(PREFIX);

/** `plain` encrypted under `key`, with its prefix. */
export function seal(key: Buffer, plain: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return `${PREFIX}${[iv, body, cipher.getAuthTag()].map((b) => b.toString('base64url')).join('.')}`;
}

/** A stored value read back: clear as it is, encrypted under `key`; throws when it cannot be. */
export function unseal(key: Buffer | null, stored: string): string {
  if (!isSealed(stored)) return stored;
  if (!key) throw new Error('an encrypted secret, and no SECRETS_KEY to read it');
  const [iv, body, tag] = stored
    .slice(PREFIX.length)
    .split('.')
    .map((p) => Buffer.from(p, 'base64url'));
  if (!iv || !body || !tag || iv.length !== IV_BYTES)
    throw new Error('an encrypted secret that is not well-formed');
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, iv);
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
  } catch {
    throw new Error('an encrypted secret that SECRETS_KEY does not open (another key?)');
  }
}

/** Where this server's key for `db` comes from (set when its app is built), read once when needed. */
const keys = new WeakMap<Db, () => Promise<Buffer | null>>();

export function configureSecrets(db: Db, source: () => Promise<Buffer | null>): void {
  let key: Promise<Buffer | null> | undefined;
  keys.set(db, () => {
    key ??= source().catch((err: unknown) => {
      key = undefined; // tried again next time
      throw err;
    });
    return key;
  });
}

const keyOf = async (db: Db): Promise<Buffer | null> => (await keys.get(db)?.()) ?? null;

/**
 * A new secret as it is to be stored: encrypted. Without a key (PostgreSQL and no SECRETS_KEY)
 * it is refused, 400 naming SECRETS_KEY, rather than kept in clear.
 */
export async function sealForStorage(db: Db, plain: string): Promise<string> {
  const key = await keyOf(db);
  if (!key) throw badRequest(msg('msg.secretsKeyMissing'));
  return seal(key, plain);
}

/**
 * A value to keep only when it can be kept encrypted (an invitation link not mailed,
 * docs/decisions/132-invitations-without-mail.md): sealed, or null when this server has no key
 * (PostgreSQL without SECRETS_KEY) or cannot read it; never kept in clear.
 */
export async function sealIfKeyed(db: Db, plain: string): Promise<string | null> {
  const key = await keyOf(db).catch(() => null);
  return key ? seal(key, plain) : null;
}

/** A sealed value read back, or null when this server's key does not open it. */
export async function openSealed(db: Db, stored: string): Promise<string | null> {
  if (!isSealed(stored)) return null;
  try {
    return unseal(await keyOf(db), stored);
  } catch {
    return null;
  }
}

/** A kept value at its next write: encrypted when it is still clear and there is a key. */
export async function resealForStorage(db: Db, stored: string): Promise<string> {
  if (isSealed(stored)) return stored;
  const key = await keyOf(db);
  return key ? seal(key, stored) : stored;
}

/** A stored value read back for use (see `unseal`); a clear one needs no key. */
export async function openStored(db: Db, stored: string): Promise<string> {
  return isSealed(stored) ? unseal(await keyOf(db), stored) : stored;
}

/**
 * The key this server encrypts with: SECRETS_KEY; else, on the embedded database, the one in
 * DATA_DIR/secrets.key, made (0600) the first time one is needed and said once with `say`
 * (where it is, never the key); else (PostgreSQL without SECRETS_KEY) none.
 */
export async function secretsKeyFor(
  opts: { secretsKey?: string; embedded: boolean; dataDir: string },
  say: (line: string) => void = console.log,
): Promise<Buffer | null> {
  if (opts.secretsKey) return parseSecretsKey(opts.secretsKey);
  if (!opts.embedded) return null;
  const file = path.resolve(opts.dataDir, SECRETS_KEY_FILE);
  const existing = await readFile(file, 'utf8').catch((err: NodeJS.ErrnoException) => {
    if (err.code === 'ENOENT') return null;
    throw err;
  });
  if (existing !== null) return parseSecretsKey(existing);
  // Written aside, then linked into place: a second server starting at once keeps the first key.
  await mkdir(path.dirname(file), { recursive: true });
  const aside = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  await writeFile(aside, `${randomBytes(KEY_BYTES).toString('base64')}\n`, {
    mode: 0o600,
    flag: 'wx',
  });
  try {
    await chmod(aside, 0o600);
    await link(aside, file);
    say(
      `SSO client secrets and invitation links not mailed are encrypted with a key made now in ${file}: keep it with the data (or set SECRETS_KEY).`,
    );
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  } finally {
    await rm(aside, { force: true });
  }
  return parseSecretsKey(await readFile(file, 'utf8'));
}

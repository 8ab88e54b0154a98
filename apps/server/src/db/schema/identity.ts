import {
  boolean,
  index,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns.js';

/* Identity: SSO, school tokens, invitations and password resets (issue 11). */

/**
 * A school's OpenID Connect client at one identity provider (Clever, ClassLink). The secret is
 * kept to send to the provider and never answered back; `userIdClaim` names the claim of the id
 * token that holds the user's provider id (matched against users.external_id).
 */
export const ssoConfigs = pgTable(
  'sso_configs',
  {
    schoolId: uuid('school_id').notNull(),
    provider: text('provider').notNull(),
    issuer: text('issuer').notNull(),
    clientId: text('client_id').notNull(),
    clientSecret: text('client_secret').notNull(),
    userIdClaim: text('user_id_claim').notNull().default('sub'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.schoolId, t.provider] })],
);

/**
 * A single-use SSO `state` (GET auth/login/sso/state): its hash, the browser it was given to (the
 * hash of a cookie), the PKCE verifier and nonce, used once before it expires.
 */
export const ssoStates = pgTable(
  'sso_states',
  {
    stateHash: text('state_hash').primaryKey(),
    browserHash: text('browser_hash').notNull(),
    schoolId: uuid('school_id').notNull(),
    provider: text('provider').notNull(),
    codeVerifier: text('code_verifier').notNull(),
    nonce: text('nonce').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('sso_states_expiry').on(t.expiresAt)],
);

/** A school token (POST auth/login/school): signs in as its user; only its hash and last four characters are kept. */
export const schoolTokens = pgTable(
  'school_tokens',
  {
    schoolId: uuid('school_id').notNull(),
    id: id(),
    tokenHash: text('token_hash').notNull(),
    lastFour: text('last_four').notNull(),
    label: text('label').notNull().default(''),
    userId: uuid('user_id').notNull(),
    createdBy: uuid('created_by'),
    createdAt: createdAt(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.schoolId, t.id] }),
    /** Sign-in with a token names its school's code too (POST auth/login/school). */
    uniqueIndex('school_tokens_hash').on(t.schoolId, t.tokenHash),
  ],
);

/**
 * A single-use link: an invitation to choose a password (`setup`, 7 days), a reset (`reset`, 1
 * hour), or a guardian's e-mailed sign-in (`signin`, 15 minutes: docs/decisions/115-guardians.md).
 */
export const passwordLinks = pgTable(
  'password_links',
  {
    tokenHash: text('token_hash').primaryKey(),
    kind: text('kind').$type<'setup' | 'reset' | 'signin'>().notNull(),
    schoolId: uuid('school_id').notNull(),
    userId: uuid('user_id').notNull(),
    email: text('email').notNull(),
    createdBy: uuid('created_by'),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    /** An invitation: whether its mail went out (docs/decisions/132-invitations-without-mail.md). */
    mailed: boolean('mailed').notNull().default(true),
    /**
     * An invitation not mailed: its token sealed under SECRETS_KEY (lib/secrets.ts) so its asker
     * can copy the link again; null once used or replaced, and when there was no key to seal with.
     */
    sealedToken: text('sealed_token'),
  },
  (t) => [
    index('password_links_user').on(t.schoolId, t.userId),
    index('password_links_expiry').on(t.expiresAt),
  ],
);

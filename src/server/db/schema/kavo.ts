import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, serialId, timestampTz } from '../columns.ts';
import { clients } from './accounts.ts';

/** The portal's edits of a KAVO ID profile (services/kavo/identities.ts): KAVO has no update API. */
export type KavoOverrides = Partial<Record<'last_name' | 'first_name' | 'middle_name' | 'city', string>>;

/**
 * A KAVO ID (OpenID Connect) identity linked to an account (cabinet.md §2 Provider identity page):
 * one issuer + subject belongs to one account; an account may link several. The profile columns
 * are the provider's claims as last read; the tokens are AES-256-GCM ciphertexts (services/kavo/tokens.ts).
 */
export const kavoIdentities = pgTable(
  'kavo_identities',
  {
    id: serialId(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    issuer: text('issuer').notNull(),
    subject: text('subject').notNull(),
    phone: text('phone'),
    lastName: text('last_name'),
    firstName: text('first_name'),
    middleName: text('middle_name'),
    city: text('city'),
    overrides: jsonb('overrides')
      .$type<KavoOverrides>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    accessExpiresAt: timestampTz('access_expires_at'),
    createdAt: createdAt(),
    updatedAt: timestampTz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('kavo_identities_issuer_subject_key').on(t.issuer, t.subject),
    index('kavo_identities_client_idx').on(t.clientId, t.id),
  ],
);

/**
 * A 'Привязать KAVO ID' under way: the state (hashed), nonce and PKCE verifier (encrypted) the
 * callback checks, bound to the account and the session that started it; single use, 10 minutes.
 */
export const kavoLoginFlows = pgTable(
  'kavo_login_flows',
  {
    stateHash: text('state_hash').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    sessionHash: text('session_hash').notNull(),
    codeVerifier: text('code_verifier').notNull(),
    nonce: text('nonce').notNull(),
    expiresAt: timestampTz('expires_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('kavo_login_flows_expires_idx').on(t.expiresAt)],
);

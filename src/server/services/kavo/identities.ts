import { and, asc, eq } from 'drizzle-orm';
import { KAVO_MESSAGES, type KavoListItem, type kavoProfileForm } from '#shared/screens/kavo.ts';
import { PROFILE_MESSAGES } from '#shared/screens/profile.ts';
import type * as v from 'valibot';
import type { AppDeps } from '#server/context.ts';
import { kavoIdentities, type KavoOverrides } from '#server/db/schema/kavo.ts';
import { ApiFailure, notFound } from '#server/lib/api-failure.ts';
import { profileUnavailable } from '#server/services/kavo/failures.ts';
import {
  fetchClaims,
  isRefusedGrant,
  isRefusedToken,
  refreshTokens,
  revokeToken,
  type KavoClaims,
} from '#server/services/kavo/oidc.ts';
import { kavoOf, sealTokens, unsealToken } from '#server/services/kavo/tokens.ts';
import { SealedTextError } from '#server/lib/sealed-text.ts';

// The linked KAVO ID identities (cabinet.md §2 Provider identity page, Settings; ADR 0018). The
// profile is read from the provider with the stored token (refreshed once when refused). KAVO
// defines no API to change a profile, so the page's edits are kept here, per identity, over the
// provider's claims.

type Identity = typeof kavoIdentities.$inferSelect;
type ProfileForm = v.InferOutput<typeof kavoProfileForm>;

/** The provider's claims as last read, with the portal's edits over them. */
function shownProfile(row: Pick<Identity, 'phone' | 'lastName' | 'firstName' | 'middleName' | 'city' | 'overrides'>) {
  return {
    phone: row.phone ?? '',
    last_name: row.overrides.last_name ?? row.lastName ?? '',
    first_name: row.overrides.first_name ?? row.firstName ?? '',
    middle_name: row.overrides.middle_name ?? row.middleName ?? '',
    city: row.overrides.city ?? row.city ?? '',
  };
}

export async function listIdentities(deps: AppDeps, clientId: number): Promise<KavoListItem[]> {
  const rows = await deps.database.db
    .select()
    .from(kavoIdentities)
    .where(eq(kavoIdentities.clientId, clientId))
    .orderBy(asc(kavoIdentities.id));
  return rows.map((row) => {
    const { city: _city, ...shown } = shownProfile(row);
    return { kavo_id: row.id, ...shown };
  });
}

/** The account's identity `kavoId`, or its first one; 404 (as for any record not the caller's) when it has no such identity. */
async function identityOf(deps: AppDeps, clientId: number, kavoId: number | undefined): Promise<Identity> {
  const mine = eq(kavoIdentities.clientId, clientId);
  const [row] = await deps.database.db
    .select()
    .from(kavoIdentities)
    .where(kavoId === undefined ? mine : and(mine, eq(kavoIdentities.id, kavoId)))
    .orderBy(asc(kavoIdentities.id))
    .limit(1);
  if (!row) throw notFound();
  return row;
}

/** A fresh access token from the refresh token, stored; null when there is none or the provider refuses it (both tokens are then forgotten). */
async function refreshed(deps: AppDeps, row: Identity): Promise<string | null> {
  const kavo = kavoOf(deps.config);
  if (row.refreshToken === null) return null;
  try {
    const tokens = await refreshTokens(
      kavo,
      unsealToken(deps.config, row.issuer, row.subject, 'refresh', row.refreshToken),
      deps.now(),
    );
    await deps.database.db
      .update(kavoIdentities)
      .set({ ...sealTokens(deps.config, row.issuer, row.subject, tokens), updatedAt: deps.now() })
      .where(eq(kavoIdentities.id, row.id));
    return tokens.accessToken;
  } catch (error) {
    if (!isRefusedGrant(error) && !(error instanceof SealedTextError)) throw error;
    deps.log.warn('kavo id: refresh token refused; the identity must be linked again', { kavo_id: row.id });
    await deps.database.db
      .update(kavoIdentities)
      .set({ accessToken: null, refreshToken: null, accessExpiresAt: null })
      .where(eq(kavoIdentities.id, row.id));
    return null;
  }
}

/** An access token that has not expired by our clock: the stored one, or a refreshed one. */
async function usableToken(deps: AppDeps, row: Identity): Promise<{ token: string; fresh: boolean } | null> {
  const expired = row.accessExpiresAt !== null && row.accessExpiresAt.getTime() <= deps.now().getTime() + 30_000;
  if (row.accessToken !== null && !expired) {
    try {
      return { token: unsealToken(deps.config, row.issuer, row.subject, 'access', row.accessToken), fresh: false };
    } catch (error) {
      // Another key (KAVO_TOKEN_KEY changed, DATA_DIR lost): as if no token were stored.
      if (!(error instanceof SealedTextError)) throw error;
    }
  }
  const token = await refreshed(deps, row);
  return token === null ? null : { token, fresh: true };
}

/** The claims from the provider: with the stored token, and once more with a refreshed one if it is refused. */
async function readClaims(deps: AppDeps, row: Identity): Promise<KavoClaims> {
  const kavo = kavoOf(deps.config);
  const usable = await usableToken(deps, row);
  if (!usable) throw profileUnavailable();
  try {
    return await fetchClaims(kavo, usable.token, row.subject);
  } catch (error) {
    if (!isRefusedToken(error)) {
      deps.log.warn('kavo id: userinfo failed', { kavo_id: row.id, error: String(error) });
      throw profileUnavailable();
    }
  }
  const again = usable.fresh ? null : await refreshed(deps, row);
  if (again === null) throw profileUnavailable();
  try {
    return await fetchClaims(kavo, again, row.subject);
  } catch (error) {
    deps.log.warn('kavo id: userinfo failed with a refreshed token', { kavo_id: row.id, error: String(error) });
    throw profileUnavailable();
  }
}

/** GET …/profile/kavo-id: the identity's profile as the provider has it now, with the portal's edits. */
export async function readProfile(deps: AppDeps, clientId: number, kavoId: number | undefined) {
  const row = await identityOf(deps, clientId, kavoId);
  kavoOf(deps.config);
  let claims: KavoClaims;
  try {
    claims = await readClaims(deps, row);
  } catch (error) {
    // The provider down or slow answers like a refused token (the spec has one text for both).
    if (error instanceof ApiFailure) throw error;
    deps.log.warn('kavo id: the provider is unreachable', { kavo_id: row.id, error: String(error) });
    throw profileUnavailable();
  }
  const columns = {
    phone: claims.phone,
    lastName: claims.lastName,
    firstName: claims.firstName,
    middleName: claims.middleName,
    city: claims.city,
  };
  await deps.database.db.update(kavoIdentities).set(columns).where(eq(kavoIdentities.id, row.id));
  return { kavo_id: row.id, ...shownProfile({ ...columns, overrides: row.overrides }) };
}

/** POST …/update-kavo-id: the edits kept as overrides of what differs from the provider's claims. */
export async function updateProfile(
  deps: AppDeps,
  clientId: number,
  kavoId: number,
  input: ProfileForm,
): Promise<string> {
  const row = await identityOf(deps, clientId, kavoId);
  const provider = {
    last_name: row.lastName ?? '',
    first_name: row.firstName ?? '',
    middle_name: row.middleName ?? '',
    city: row.city ?? '',
  };
  const overrides: KavoOverrides = {};
  for (const field of Object.keys(provider) as (keyof KavoOverrides)[]) {
    if (input[field] !== provider[field]) overrides[field] = input[field];
  }
  await deps.database.db
    .update(kavoIdentities)
    .set({ overrides, updatedAt: deps.now() })
    .where(and(eq(kavoIdentities.id, row.id), eq(kavoIdentities.clientId, clientId)));
  return PROFILE_MESSAGES.saved;
}

/** POST …/unlink-kavo-id: the identity and its tokens gone; the provider is told, if it can be. */
export async function unlinkIdentity(deps: AppDeps, clientId: number, kavoId: number): Promise<string> {
  const [row] = await deps.database.db
    .delete(kavoIdentities)
    .where(and(eq(kavoIdentities.id, kavoId), eq(kavoIdentities.clientId, clientId)))
    .returning();
  if (!row) throw notFound();
  const kavo = deps.config.kavo;
  if (kavo && row.refreshToken !== null) {
    try {
      await revokeToken(kavo, unsealToken(deps.config, row.issuer, row.subject, 'refresh', row.refreshToken));
    } catch (error) {
      // Unlinked here either way; the provider's token expires on its own.
      deps.log.warn('kavo id: revoking the refresh token failed', { kavo_id: row.id, error: String(error) });
    }
  }
  return KAVO_MESSAGES.unlinked;
}

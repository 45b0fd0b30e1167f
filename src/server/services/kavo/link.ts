import { and, asc, eq, inArray, lte } from 'drizzle-orm';
import { KAVO_CALLBACK_PATH, type KavoLinkResult } from '#shared/screens/kavo.ts';
import type { AppDeps, SessionInfo } from '#server/context.ts';
import { kavoIdentities, kavoLoginFlows } from '#server/db/schema/kavo.ts';
import { isUniqueViolation } from '#server/lib/db-errors.ts';
import { SealedTextError } from '#server/lib/sealed-text.ts';
import {
  authorizationUrl,
  exchangeCode,
  fetchClaims,
  isAccessDenied,
  isAuthorizationError,
  newFlowSecrets,
} from '#server/services/kavo/oidc.ts';
import { providerUnreachable } from '#server/services/kavo/failures.ts';
import { kavoOf, sealTokens, sealVerifier, unsealVerifier } from '#server/services/kavo/tokens.ts';
import { sha256 } from '#server/lib/sha256.ts';

// 'Привязать KAVO ID' (ADR 0018): the authorization code flow with PKCE, state and nonce. The flow
// is kept in the database (any API process may get the callback), bound to the account and the
// session that started it, used once, for 10 minutes.

const FLOW_TTL_MS = 10 * 60 * 1000;
/** Flows one account may have open at once (tabs, retries); older ones are dropped. */
const OPEN_FLOWS = 5;

export const kavoRedirectUri = (deps: AppDeps) => `${deps.config.publicUrl}${KAVO_CALLBACK_PATH}`;

/** Opens a flow and answers the provider's authorization address. */
export async function startLink(deps: AppDeps, session: SessionInfo): Promise<string> {
  const kavo = kavoOf(deps.config);
  const now = deps.now();
  const secrets = newFlowSecrets();
  let url: string;
  try {
    url = await authorizationUrl(kavo, kavoRedirectUri(deps), secrets);
  } catch (error) {
    deps.log.warn('kavo id: the provider cannot be reached', { error: String(error) });
    throw providerUnreachable();
  }
  const stateHash = sha256(secrets.state);
  await deps.database.db.transaction(async (tx) => {
    await tx.delete(kavoLoginFlows).where(lte(kavoLoginFlows.expiresAt, now));
    const open = await tx
      .select({ stateHash: kavoLoginFlows.stateHash })
      .from(kavoLoginFlows)
      .where(eq(kavoLoginFlows.clientId, session.clientId))
      .orderBy(asc(kavoLoginFlows.createdAt));
    const surplus = open.slice(0, Math.max(0, open.length - (OPEN_FLOWS - 1))).map((row) => row.stateHash);
    if (surplus.length > 0) await tx.delete(kavoLoginFlows).where(inArray(kavoLoginFlows.stateHash, surplus));
    await tx.insert(kavoLoginFlows).values({
      stateHash,
      clientId: session.clientId,
      sessionHash: session.tokenHash,
      codeVerifier: sealVerifier(deps.config, stateHash, secrets.codeVerifier),
      nonce: secrets.nonce,
      expiresAt: new Date(now.getTime() + FLOW_TTL_MS),
      createdAt: now,
    });
  });
  return url;
}

/** The flow `state` names, taken (single use) when it belongs to this session and is alive. */
async function takeFlow(deps: AppDeps, session: SessionInfo, state: string) {
  // Ownership is part of the delete: another session presenting this state must not use up the owner's flow.
  const [flow] = await deps.database.db
    .delete(kavoLoginFlows)
    .where(
      and(
        eq(kavoLoginFlows.stateHash, sha256(state)),
        eq(kavoLoginFlows.clientId, session.clientId),
        eq(kavoLoginFlows.sessionHash, session.tokenHash),
      ),
    )
    .returning();
  if (!flow || flow.expiresAt <= deps.now()) return null;
  try {
    return { state, nonce: flow.nonce, codeVerifier: unsealVerifier(deps.config, flow.stateHash, flow.codeVerifier) };
  } catch (error) {
    // Sealed with another key (KAVO_TOKEN_KEY changed meanwhile): start again.
    if (error instanceof SealedTextError) return null;
    throw error;
  }
}

/**
 * The provider's answer at the callback (`currentUrl` with `code` and `state`, or `error`): the
 * identity linked to the session's account, or why not. An identity of another account is refused.
 */
export async function finishLink(deps: AppDeps, session: SessionInfo | null, currentUrl: URL): Promise<KavoLinkResult> {
  const kavo = deps.config.kavo;
  if (!kavo) return 'not-configured';
  const state = currentUrl.searchParams.get('state');
  if (!session || !state) return 'expired';
  const secrets = await takeFlow(deps, session, state);
  if (!secrets) return 'expired';

  let linked: Awaited<ReturnType<typeof exchangeCode>>;
  try {
    linked = await exchangeCode(kavo, currentUrl, secrets, deps.now());
  } catch (error) {
    if (isAccessDenied(error)) return 'denied';
    deps.log.warn('kavo id: the code exchange failed', {
      error: isAuthorizationError(error) ? error.error : String(error),
    });
    return 'failed';
  }
  let claims;
  try {
    claims = await fetchClaims(kavo, linked.tokens.accessToken, linked.subject);
  } catch (error) {
    deps.log.warn('kavo id: userinfo failed after linking', { error: String(error) });
    return 'failed';
  }
  const { issuer, subject } = linked;
  const values = {
    phone: claims.phone,
    lastName: claims.lastName,
    firstName: claims.firstName,
    middleName: claims.middleName,
    city: claims.city,
    ...sealTokens(deps.config, issuer, subject, linked.tokens),
    updatedAt: deps.now(),
  };
  try {
    return await deps.database.db.transaction(async (tx) => {
      const [existing] = await tx
        .select({ id: kavoIdentities.id, clientId: kavoIdentities.clientId })
        .from(kavoIdentities)
        .where(and(eq(kavoIdentities.issuer, issuer), eq(kavoIdentities.subject, subject)))
        .for('update')
        .limit(1);
      if (existing && existing.clientId !== session.clientId) return 'taken';
      // Linking the same identity again refreshes its tokens and claims.
      if (existing) await tx.update(kavoIdentities).set(values).where(eq(kavoIdentities.id, existing.id));
      else
        await tx
          .insert(kavoIdentities)
          .values({ clientId: session.clientId, issuer, subject, ...values, createdAt: deps.now() });
      return 'linked' as const;
    });
  } catch (error) {
    // Another account linked it in the same instant.
    if (isUniqueViolation(error)) return 'taken';
    throw error;
  }
}

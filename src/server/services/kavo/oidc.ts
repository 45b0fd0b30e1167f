import * as oidc from 'openid-client';
import type { KavoConfig } from '#server/context.ts';

// The KAVO ID provider through openid-client (ADR 0018): discovery once per process, the
// authorization code flow with PKCE, state and nonce, the userinfo call and the refresh grant.
// Nothing here touches the database; services/kavo/identities.ts keeps flows and tokens.

/** Everything the page shows; `offline_access` (with prompt=consent, as OIDC Core asks) brings the refresh token. */
const SCOPE = 'openid profile phone address offline_access';
/** A slow provider gives the page's failure text, never a hung request. */
const TIMEOUT_SECONDS = 5;

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);
const configurations = new Map<string, Promise<oidc.Configuration>>();

/** The provider's metadata and this client, discovered at the first use; a failed discovery is tried again next time. */
function configurationOf(kavo: KavoConfig): Promise<oidc.Configuration> {
  const key = `${kavo.issuerUrl} ${kavo.clientId}`;
  let found = configurations.get(key);
  if (!found) {
    // env.ts allows plain http for a provider on this machine only.
    const insecure = new URL(kavo.issuerUrl).protocol === 'http:' && LOOPBACK.has(new URL(kavo.issuerUrl).hostname);
    const made = oidc.discovery(
      new URL(kavo.issuerUrl),
      kavo.clientId,
      kavo.clientSecret,
      oidc.ClientSecretBasic(kavo.clientSecret),
      {
        timeout: TIMEOUT_SECONDS,
        execute: insecure ? [oidc.allowInsecureRequests] : [],
      },
    );
    configurations.set(key, made);
    made.catch(() => configurations.delete(key));
    found = made;
  }
  return found;
}

export interface FlowSecrets {
  state: string;
  nonce: string;
  codeVerifier: string;
}

export function newFlowSecrets(): FlowSecrets {
  return { state: oidc.randomState(), nonce: oidc.randomNonce(), codeVerifier: oidc.randomPKCECodeVerifier() };
}

export async function authorizationUrl(kavo: KavoConfig, redirectUri: string, secrets: FlowSecrets): Promise<string> {
  const config = await configurationOf(kavo);
  return oidc
    .buildAuthorizationUrl(config, {
      redirect_uri: redirectUri,
      scope: SCOPE,
      prompt: 'consent',
      state: secrets.state,
      nonce: secrets.nonce,
      code_challenge: await oidc.calculatePKCECodeChallenge(secrets.codeVerifier),
      code_challenge_method: 'S256',
    })
    .toString();
}

export interface KavoTokens {
  accessToken: string;
  refreshToken: string | undefined;
  /** When the access token stops working, if the provider said. */
  expiresAt: Date | undefined;
}

export interface KavoClaims {
  phone: string;
  lastName: string;
  firstName: string;
  middleName: string;
  city: string;
}

function tokensOf(response: oidc.TokenEndpointResponse, now: Date): KavoTokens {
  const seconds = response.expires_in;
  return {
    accessToken: response.access_token,
    refreshToken: response.refresh_token,
    expiresAt: typeof seconds === 'number' ? new Date(now.getTime() + seconds * 1000) : undefined,
  };
}

/**
 * The callback's answer (`currentUrl`, with the code or the error) checked against the flow's
 * state, nonce and PKCE verifier, and the code exchanged. Throws oidc.AuthorizationResponseError
 * for an `error=` answer (e.g. access_denied), other errors for anything the library refuses.
 */
export async function exchangeCode(kavo: KavoConfig, currentUrl: URL, secrets: FlowSecrets, now: Date) {
  const config = await configurationOf(kavo);
  const response = await oidc.authorizationCodeGrant(config, currentUrl, {
    pkceCodeVerifier: secrets.codeVerifier,
    expectedState: secrets.state,
    expectedNonce: secrets.nonce,
    idTokenExpected: true,
  });
  const claims = response.claims();
  if (!claims) throw new Error('the provider sent no ID token');
  return { issuer: config.serverMetadata().issuer, subject: claims.sub, tokens: tokensOf(response, now) };
}

const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');

/** The profile claims KAVO ID gives (OIDC standard claims; the city from `address`, or a `city` claim). */
export function claimsOf(info: oidc.UserInfoResponse): KavoClaims {
  const address = info.address ?? {};
  const place = [text(address.country), text(address.locality) || text(info.city)].filter(Boolean);
  return {
    phone: text(info.phone_number).replace(/\D/g, ''),
    lastName: text(info.family_name),
    firstName: text(info.given_name),
    middleName: text(info.middle_name),
    city: place.join(', '),
  };
}

/** The userinfo claims of `subject`; throws when the token is refused (see isRefusedToken). */
export async function fetchClaims(kavo: KavoConfig, accessToken: string, subject: string): Promise<KavoClaims> {
  const config = await configurationOf(kavo);
  return claimsOf(await oidc.fetchUserInfo(config, accessToken, subject));
}

export async function refreshTokens(kavo: KavoConfig, refreshToken: string, now: Date): Promise<KavoTokens> {
  const config = await configurationOf(kavo);
  const tokens = tokensOf(await oidc.refreshTokenGrant(config, refreshToken), now);
  // A provider that does not rotate refresh tokens keeps the old one valid.
  return { ...tokens, refreshToken: tokens.refreshToken ?? refreshToken };
}

/** Tells the provider a token is no longer wanted (unlinking); providers without revocation are skipped. */
export async function revokeToken(kavo: KavoConfig, token: string): Promise<void> {
  const config = await configurationOf(kavo);
  if (config.serverMetadata().revocation_endpoint === undefined) return;
  await oidc.tokenRevocation(config, token);
}

/** The access token was refused (expired, revoked): worth one refresh. */
export function isRefusedToken(error: unknown): boolean {
  if (error instanceof oidc.WWWAuthenticateChallengeError) return error.status === 401;
  if (error instanceof oidc.ResponseBodyError) return error.status === 401 || error.error === 'invalid_token';
  return false;
}

/** The refresh token was refused: it is dead, not the provider down. */
export function isRefusedGrant(error: unknown): boolean {
  return (
    error instanceof oidc.ResponseBodyError &&
    (error.error === 'invalid_grant' || error.status === 400 || error.status === 401)
  );
}

export function isAccessDenied(error: unknown): boolean {
  return error instanceof oidc.AuthorizationResponseError && error.error === 'access_denied';
}

export function isAuthorizationError(error: unknown): error is oidc.AuthorizationResponseError {
  return error instanceof oidc.AuthorizationResponseError;
}

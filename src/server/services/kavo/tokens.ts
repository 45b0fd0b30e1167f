import path from 'node:path';
import type { Config, KavoConfig } from '#server/context.ts';
import { keptKeyInFile, seal, unseal } from '#server/lib/sealed-text.ts';
import { notConfigured } from '#server/services/kavo/failures.ts';
import type { KavoTokens } from '#server/services/kavo/oidc.ts';
import { KAVO_KEY_FILE } from '#server/lib/key-files.ts';

// The AES-256 key of the stored KAVO ID tokens (ADR 0018): KAVO_TOKEN_KEY, or a key made once and
// kept in DATA_DIR (like the VAPID keys). Losing it only means re-linking: the tokens are the
// provider's, and the identities stay linked.

export function kavoTokenKey(config: Config): Buffer {
  return config.kavo?.tokenKey ?? keptKeyInFile(path.join(config.dataDir, KAVO_KEY_FILE));
}

/** The configured provider; a 409 saying it is not configured otherwise. */
export function kavoOf(config: Config): KavoConfig {
  if (!config.kavo) throw notConfigured();
  return config.kavo;
}

type TokenKind = 'access' | 'refresh';

/** Which identity and which token a ciphertext belongs to: it opens nowhere else. */
const contextOf = (issuer: string, subject: string, kind: TokenKind) => `kavo-token\n${issuer}\n${subject}\n${kind}`;

export interface SealedTokens {
  accessToken: string;
  refreshToken: string | null;
  accessExpiresAt: Date | null;
}

export function sealTokens(config: Config, issuer: string, subject: string, tokens: KavoTokens): SealedTokens {
  const key = kavoTokenKey(config);
  return {
    accessToken: seal(key, tokens.accessToken, contextOf(issuer, subject, 'access')),
    refreshToken:
      tokens.refreshToken === undefined ? null : seal(key, tokens.refreshToken, contextOf(issuer, subject, 'refresh')),
    accessExpiresAt: tokens.expiresAt ?? null,
  };
}

export function unsealToken(config: Config, issuer: string, subject: string, kind: TokenKind, sealed: string): string {
  return unseal(kavoTokenKey(config), sealed, contextOf(issuer, subject, kind));
}

/** The PKCE verifier of a flow, sealed to its state. */
export const sealVerifier = (config: Config, stateHash: string, verifier: string) =>
  seal(kavoTokenKey(config), verifier, `kavo-flow\n${stateHash}`);
export const unsealVerifier = (config: Config, stateHash: string, sealed: string) =>
  unseal(kavoTokenKey(config), sealed, `kavo-flow\n${stateHash}`);

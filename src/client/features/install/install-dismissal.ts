/** localStorage: when the user last said «Не сейчас» to the install invitation (ms since epoch). */
export const INSTALL_DISMISSED_KEY = 'portal:install-dismissed-at';
/** The invitation stays away this long after «Не сейчас». */
export const INSTALL_DISMISS_MS = 30 * 24 * 60 * 60_000;

function localStore(): Storage | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined; // storage blocked (privacy settings)
  }
}

export function isInstallDismissed(now: number = Date.now()): boolean {
  try {
    const at = Number(localStore()?.getItem(INSTALL_DISMISSED_KEY));
    return at > 0 && now - at < INSTALL_DISMISS_MS;
  } catch {
    return false;
  }
}

export function rememberInstallDismissal(now: number = Date.now()): void {
  try {
    localStore()?.setItem(INSTALL_DISMISSED_KEY, String(now));
  } catch {
    // quota or privacy mode: the invitation just comes back on the next visit
  }
}

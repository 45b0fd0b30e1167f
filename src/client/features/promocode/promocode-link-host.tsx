import { useEffect, useState } from 'react';
import { lazyComponent } from '#client/lib/lazy-component.tsx';
import { promocodeFromSearch } from './promocode-link.ts';

// The result popup comes when first opened.
const PromocodeResult = lazyComponent(() => import('./promocode-result.tsx').then((module) => module.PromocodeResult));

export interface PromocodeLinkHostProps {
  /** Who is here by the server's word: null until it has answered. */
  account: 'guest' | 'user' | null;
  /** A guest with a code: the login form (the code is applied once logged in). */
  onLogin: () => void;
  /** The code was applied: the user data (points) changed. */
  onApplied: () => void;
}

/**
 * A non-empty ?promocode= in the address the app started with (portal.md §4.2, §4.3): a guest gets
 * the login once the server says it is a guest, and a logged-in user the result popup, right after
 * logging in too.
 */
export function PromocodeLinkHost({ account, onLogin, onApplied }: PromocodeLinkHostProps) {
  const [linkCode, setLinkCode] = useState(() => promocodeFromSearch(window.location.search));
  const guestWithCode = linkCode !== null && account === 'guest';
  useEffect(() => {
    if (guestWithCode) onLogin();
  }, [guestWithCode, onLogin]);
  if (linkCode === null || account !== 'user') return null;
  return <PromocodeResult code={linkCode} fromLink onApplied={onApplied} onClose={() => setLinkCode(null)} />;
}

import { useCallback, useEffect } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { isCabinetPath } from '#client/components/layout/cabinet-links.ts';
import { claimAccessOwners, claimAccountData } from '#client/lib/account-scoped.ts';
import { onAccountChangeElsewhere } from '#client/lib/account-sync.ts';
import { useAccountStore } from './account-store.ts';

/**
 * The account's life in the shell: the user data kept fresh, and the device's saved copies kept to
 * the account the server names (ADR 0013). Mounted once, by the root.
 */
export function useAccountLifeCycle(): void {
  const refresh = useAccountStore((state) => state.refresh);
  const userId = useAccountStore((state) => state.user?.id ?? null);
  // With their levels when the server names them: a lowered level drops the copies as a revoked access does.
  const accessOwners = useAccountStore(
    (state) => (state.user?.access_grants ?? state.user?.access_owner_ids)?.join(',') ?? '',
  );
  const checked = useAccountStore((state) => state.checked);

  // Another tab changed the account's data (read notifications): this one's badges follow.
  useEffect(() => onAccountChangeElsewhere(() => void refresh()), [refresh]);

  // Fresh user data (and the CSRF token) on start and whenever the connection comes back. main.tsx
  // asks before the first render: only if that has already been answered is a second request spared.
  useEffect(() => {
    if (!useAccountStore.getState().checked) void refresh();
    const onOnline = () => void refresh();
    window.addEventListener('online', onOnline);
    return () => window.removeEventListener('online', onOnline);
  }, [refresh]);

  // Another account's tickets and bills never stay on the device: whenever the server names who is
  // here (start, login, logout, an ended session) the copies of anyone else are wiped. Before that (an
  // offline start) the saved account stands.
  useEffect(() => {
    if (checked) void claimAccountData(userId);
  }, [userId, checked]);
  // An access taken back drops the copies of that account's records too (a grantee's device).
  useEffect(() => {
    if (checked && userId !== null) void claimAccessOwners(userId, accessOwners === '' ? [] : accessOwners.split(','));
  }, [userId, checked, accessOwners]);
}

/** Logs out; a cabinet page then gives way to the home page (a guest has no cabinet). */
export function useLogout(): () => void {
  const logout = useAccountStore((state) => state.logout);
  const navigate = useNavigate();
  return useCallback(() => {
    void logout().then(() => {
      if (isCabinetPath(window.location.pathname)) void navigate({ to: '/' });
    });
  }, [logout, navigate]);
}

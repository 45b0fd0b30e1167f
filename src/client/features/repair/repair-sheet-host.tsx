import { useEffect, useState } from 'react';
import { RepairSheet } from '#client/components/layout/repair-sheet.tsx';
import { lazyComponent } from '#client/lib/lazy-component.tsx';
import type { RepairWizardProps } from './repair-wizard.tsx';
import { useRepairSheet } from './repair-sheet-store.ts';

// The wizard (with its forms and the places calls) comes when the sheet opens, never on a cold start.
const RepairWizard = lazyComponent(() => import('./repair-wizard.tsx').then((module) => module.RepairWizard), {
  fallback: <p role="status">Загрузка…</p>,
});

export interface RepairSheetHostProps {
  standalone: boolean;
  user: RepairWizardProps['user'];
  /** A login or registration form is open. */
  authOpen: boolean;
  /** Opens the login or registration form, leaving the page where it is. */
  openAuth: (view: 'login' | 'register') => void;
  /** The user data should be fetched again (the wizard confirmed the e-mail). */
  onAccountChange: () => void;
}

/** The repair sheet with the wizard in it, opened with `useRepairSheet.getState().show()`. */
export function RepairSheetHost({ standalone, user, authOpen, openAuth, onAccountChange }: RepairSheetHostProps) {
  const open = useRepairSheet((state) => state.open);
  const afterLogin = useRepairSheet((state) => state.afterLogin);
  const close = useRepairSheet((state) => state.close);
  /** The wizard in the sheet holds something entered: closing asks first. */
  const [entries, setEntries] = useState(false);

  // Installed app: the wizard's 'Войти' / 'Зарегистрироваться' put the form in the sheet's place;
  // once logged in the sheet comes back and the wizard goes on (portal.md §2.1 step 1).
  const authFromRepair = (view: 'login' | 'register') => {
    if (standalone) useRepairSheet.getState().leaveForLogin();
    openAuth(view);
  };
  const loggedIn = user !== null;
  const returning = afterLogin && (loggedIn || !authOpen);
  // Shown in the very render the login lands in (no frame without the sheet); the store follows.
  const shown = open || (returning && loggedIn);
  useEffect(() => {
    if (returning) useRepairSheet.getState().settleReturn(loggedIn);
  }, [returning, loggedIn]);

  return (
    <RepairSheet
      open={shown}
      onClose={() => {
        close();
        setEntries(false);
      }}
      loggedIn={user !== null}
      hasEntries={entries}
    >
      {shown ? (
        <RepairWizard
          user={user}
          onLogin={() => authFromRepair('login')}
          onRegister={() => authFromRepair('register')}
          onDone={close}
          onEntriesChange={setEntries}
          onAccountChange={onAccountChange}
        />
      ) : null}
    </RepairSheet>
  );
}

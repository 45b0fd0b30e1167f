import { useEffect, useState } from 'react';
import { RepairSheet } from '#client/components/layout/repair-sheet.tsx';
import { lazyComponent } from '#client/lib/lazy-component.tsx';
import type { RepairWizardProps } from './repair-wizard.tsx';
import { useRepairSheet } from './repair-sheet-store.ts';

// The wizard (with its forms and the places calls) comes when the sheet opens, never on a cold start.
const RepairWizard = lazyComponent(() => import('./repair-wizard.tsx').then((module) => module.RepairWizard), {
  fallback: <output>Загрузка…</output>,
});

export interface RepairSheetHostProps {
  standalone: boolean;
  user: RepairWizardProps['user'];
  /** A login or registration form is open. */
  authOpen: boolean;
  /** Opens the login (with the e-mail typed in the wizard) or the password reset, leaving the page where it is. */
  openAuth: (view: 'login' | 'reset', email?: string) => void;
  /** A guest's request made the account: the login for it, with the mailed e-mail. */
  onNewAccountLogin: (email: string) => void;
  /** The user data should be fetched again (the wizard confirmed the e-mail). */
  onAccountChange: () => void;
}

/** The repair sheet with the wizard in it, opened with `useRepairSheet.getState().show()`. */
export function RepairSheetHost({
  standalone,
  user,
  authOpen,
  openAuth,
  onNewAccountLogin,
  onAccountChange,
}: RepairSheetHostProps) {
  const open = useRepairSheet((state) => state.open);
  const afterLogin = useRepairSheet((state) => state.afterLogin);
  const forClinic = useRepairSheet((state) => state.forClinic);
  const close = useRepairSheet((state) => state.close);
  /** The wizard in the sheet holds something entered: closing asks first. */
  const [entries, setEntries] = useState(false);

  // Installed app: the wizard's 'Войти' / 'Забыли пароль?' put the form in the sheet's place;
  // once logged in the sheet comes back and the wizard goes on (portal.md §2.1 step 1).
  const authFromRepair = (view: 'login' | 'reset', email?: string) => {
    if (standalone) useRepairSheet.getState().leaveForLogin();
    openAuth(view, email);
  };
  /** The guest's request is sent and made the account: the sheet is done. */
  const loginToNewAccount = (email: string) => {
    close();
    setEntries(false);
    onNewAccountLogin(email);
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
          forClinic={user ? forClinic : null}
          onLogin={(email) => authFromRepair('login', email)}
          onForgotPassword={(email) => authFromRepair('reset', email)}
          onNewAccountLogin={loginToNewAccount}
          onDone={close}
          onEntriesChange={setEntries}
          onAccountChange={onAccountChange}
        />
      ) : null}
    </RepairSheet>
  );
}

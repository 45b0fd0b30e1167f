import { Button } from '#client/components/ui/button.tsx';
import { FormMessage } from '#client/components/ui/form-message.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { useRemote } from '#client/lib/use-remote.ts';
import { useAccountStore } from './account-store.ts';
import { checkResetCode } from './api.ts';
import { useAuthDialog } from './auth-dialog-store.ts';
import styles from './forms.module.css';
import { PasswordForm } from './password-form.tsx';

export const RESET_LINK_DEAD = 'Ссылка устарела или уже использована';

/**
 * /client/restore-password/{code}: the link is checked as the page opens, so a used or expired one
 * says so at once (with the way to a new one) instead of after the new password was typed twice.
 * If the check itself fails (no network), the form shows: its submit tells the truth.
 */
export function ResetLinkScreen({ code }: { code: string }) {
  const check = useRemote((signal) => checkResetCode(code, signal), code);
  if (check.loading) {
    return (
      <div className={styles.checking}>
        <Spinner label="Проверяем ссылку…" />
      </div>
    );
  }
  if (check.data === false) return <DeadResetLink />;
  return <PasswordForm variant="reset" code={code} />;
}

function DeadResetLink() {
  const openView = useAuthDialog((state) => state.open);
  // Whose it may have been: the account on this device, or the one just registered here.
  const email = useAccountStore((state) => state.user?.email ?? state.verifiedEmail);
  return (
    <div className={styles.result}>
      <FormMessage tone="error">
        <strong>{RESET_LINK_DEAD}</strong>
        <br />
        Запросите новую ссылку: она действует 10 минут.
      </FormMessage>
      <Button block onClick={() => openView('reset', { email })}>
        Запросить новую ссылку
      </Button>
    </div>
  );
}

import { useRemote } from '#client/lib/use-remote.ts';
import type { PasswordVerdict } from './password-checker.ts';
import styles from './password-strength.module.css';

type Checker = (password: string, email: string) => PasswordVerdict;

const LABELS = ['очень слабый', 'слабый', 'средний', 'хороший', 'надёжный'] as const;

let loading: Promise<Checker> | undefined;
function loadChecker(): Promise<Checker> {
  loading ??= import('./password-checker.ts').then((module) => module.checkPassword);
  loading.catch(() => {
    loading = undefined; // a failed chunk is tried again (useRemote retries on reconnect)
  });
  return loading;
}

/**
 * How hard the new password is to guess, and the rule it breaks, under the field. The checker is
 * fetched when the form opens; until it is there (or offline) the line stays empty, with its room kept.
 */
export function PasswordStrength({ password, email }: { password: string; email: string }) {
  // A failed chunk (offline) is only a missing hint: the server still checks every rule.
  const { data: check } = useRemote(() => loadChecker());
  const verdict = check && password !== '' ? check(password, email) : null;
  return (
    <p className={styles.strength} aria-live="polite" data-score={verdict?.score}>
      {verdict ? (
        <>
          <span className={styles.meter} aria-hidden="true">
            <span style={{ inlineSize: `${(verdict.score + 1) * 20}%` }} />
          </span>
          <span>
            Надёжность пароля: {LABELS[verdict.score]}
            {verdict.problem ? `. ${verdict.problem}` : ''}
          </span>
        </>
      ) : null}
    </p>
  );
}

import { useEffect, useState } from 'react';
import type { Grantee } from '#shared/api/accesses.ts';
import { Page } from '#client/components/layout/page.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { FormMessage } from '#client/components/ui/form-message.tsx';
import { Skeleton } from '#client/components/ui/skeleton.tsx';
import { asApiError, LOAD_FAILED_MESSAGE } from '#client/lib/http.ts';
import { fetchGrantees, revokeAccess } from './api.ts';
import { GrantDialog } from './grant-dialog.tsx';
import styles from './accesses.module.css';

export const NO_GRANTEES_TEXT = 'Нет связанных аккаунтов';

/**
 * Доступы (cabinet.md §2 Accesses): the accounts this clinic gave access to its tickets and bills,
 * 'Добавить пользователя', and 'Удалить' on each, taking effect at once.
 */
export function AccessesPage() {
  const [grantees, setGrantees] = useState<Grantee[] | null>(null);
  const [failure, setFailure] = useState<string>();
  const [loading, setLoading] = useState(true);
  const [adding, setAdding] = useState(false);

  // Bumped to fetch the list again (a retry, a new access, a refused removal).
  const [version, setVersion] = useState(0);
  useEffect(() => {
    let live = true;
    fetchGrantees().then(
      (list) => {
        if (!live) return;
        setGrantees(list);
        setLoading(false);
      },
      (error: unknown) => {
        if (!live) return;
        setFailure(asApiError(error, LOAD_FAILED_MESSAGE).message);
        setLoading(false);
      },
    );
    return () => {
      live = false;
    };
  }, [version]);
  const load = () => {
    setLoading(true);
    setFailure(undefined);
    setVersion((current) => current + 1);
  };

  const remove = async (grantee: Grantee) => {
    // Gone from the list at once (cabinet.md §7); back with the reason if the server refuses.
    setGrantees((current) => current?.filter((other) => other.email !== grantee.email) ?? null);
    setFailure(undefined);
    try {
      await revokeAccess(grantee.email);
    } catch (error) {
      // The list as it is on the server again, and why the removal did not happen.
      setVersion((current) => current + 1);
      setFailure(asApiError(error).message);
    }
  };

  return (
    <Page title="Выдача доступов к моим заявкам и счетам" actions={<Button onClick={() => setAdding(true)}>Добавить пользователя</Button>}>
      {failure ? (
        <div className={styles.failure}>
          <FormMessage tone="error">{failure}</FormMessage>
          <Button variant="secondary" onClick={load} loading={loading}>
            Повторить
          </Button>
        </div>
      ) : null}
      {grantees === null && loading ? (
        <ul className={styles.list} aria-busy="true" aria-label="Загрузка списка">
          {[0, 1].map((row) => (
            <li key={row} className={styles.row}>
              <Skeleton width="50%" />
              <Skeleton width="30%" />
            </li>
          ))}
        </ul>
      ) : null}
      {grantees?.length === 0 ? <p className={styles.muted}>{NO_GRANTEES_TEXT}</p> : null}
      {grantees && grantees.length > 0 ? (
        <ul className={styles.list} aria-label="Связанные аккаунты">
          {grantees.map((grantee) => (
            <li key={grantee.email} className={styles.row}>
              <span className={styles.who}>
                <strong>
                  {grantee.name} {grantee.surname}
                </strong>
                <span>{grantee.email}</span>
              </span>
              <Button variant="secondary" aria-label={`Удалить доступ ${grantee.email}`} onClick={() => void remove(grantee)}>
                Удалить
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
      <GrantDialog open={adding} onClose={() => setAdding(false)} onGranted={load} />
    </Page>
  );
}

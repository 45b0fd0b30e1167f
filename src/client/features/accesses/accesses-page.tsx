import { useState } from 'react';
import type { Grantee } from '#shared/screens/accesses.ts';
import { Page } from '#client/components/layout/page.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { FormMessage } from '#client/components/ui/form-message.tsx';
import { Skeleton } from '#client/components/ui/skeleton.tsx';
import { asApiError } from '#client/lib/http.ts';
import { useRemote } from '#client/lib/use-remote.ts';
import { fetchGrantees, revokeAccess } from './api.ts';
import { GrantDialog } from './grant-dialog.tsx';
import { RevokeDialog } from './revoke-dialog.tsx';
import { ChangeLevelDialog } from './change-level-dialog.tsx';
import { ACCESS_LEVEL_LABELS } from '#shared/screens/access-levels.ts';
import styles from './accesses.module.css';

export const NO_GRANTEES_TEXT = 'Нет связанных аккаунтов';

/** An invitation to an address with no account yet (issue 41): 'Удалить' revokes it. */
const INVITATION_STATUS = {
  invited: 'Приглашение отправлено',
  expired: 'Приглашение истекло — удалите его и пригласите снова',
} as const;

/**
 * Доступы (cabinet.md §2 Accesses): the accounts this clinic gave access to its tickets and bills,
 * 'Добавить пользователя' with the level each gets, 'Изменить доступ' and 'Удалить' on each: the
 * removal asked first ('Отозвать доступ?'), then at once (ADR 0049 for the levels).
 */
export function AccessesPage() {
  const list = useRemote(fetchGrantees);
  const grantees = list.data;
  const [removeFailure, setRemoveFailure] = useState<string>();
  const [adding, setAdding] = useState(false);
  /** The colleague whose 'Удалить' was pressed, while 'Отозвать доступ?' asks. */
  const [revoking, setRevoking] = useState<Grantee | null>(null);
  /** The colleague whose 'Изменить доступ' was pressed. */
  const [changing, setChanging] = useState<Grantee | null>(null);
  const failure = removeFailure ?? list.failure;

  const remove = async (grantee: Grantee) => {
    // Gone from the list at once (cabinet.md §7); back with the reason if the server refuses.
    list.update((current) => current?.filter((other) => other.email !== grantee.email) ?? null);
    setRemoveFailure(undefined);
    try {
      await revokeAccess(grantee.email);
    } catch (error) {
      setRemoveFailure(asApiError(error).message);
      list.reload();
    }
  };
  const retry = () => {
    setRemoveFailure(undefined);
    list.reload();
  };

  return (
    <Page
      title="Выдача доступов к моим заявкам и счетам"
      actions={<Button onClick={() => setAdding(true)}>Добавить пользователя</Button>}
    >
      {failure ? (
        <div className={styles.failure}>
          <FormMessage tone="error">{failure}</FormMessage>
          <Button variant="secondary" onClick={retry} loading={list.loading}>
            Повторить
          </Button>
        </div>
      ) : null}
      {grantees === null && list.loading ? (
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
                <strong>{grantee.status === 'active' ? `${grantee.name} ${grantee.surname}` : grantee.email}</strong>
                <span>{grantee.status === 'active' ? grantee.email : INVITATION_STATUS[grantee.status]}</span>
                <span className={styles.level}>{ACCESS_LEVEL_LABELS[grantee.level]}</span>
              </span>
              <span className={styles.actions}>
                {grantee.status === 'active' ? (
                  <Button
                    variant="secondary"
                    aria-label={`Изменить доступ ${grantee.email}`}
                    onClick={() => setChanging(grantee)}
                  >
                    Изменить доступ
                  </Button>
                ) : null}
                <Button
                  variant="secondary"
                  aria-label={`Удалить доступ ${grantee.email}`}
                  onClick={() => setRevoking(grantee)}
                >
                  Удалить
                </Button>
              </span>
            </li>
          ))}
        </ul>
      ) : null}
      {revoking ? (
        <RevokeDialog
          grantee={revoking}
          onClose={() => setRevoking(null)}
          onConfirm={() => {
            setRevoking(null);
            void remove(revoking);
          }}
        />
      ) : null}
      {changing ? (
        <ChangeLevelDialog
          grantee={changing}
          onClose={() => setChanging(null)}
          onChanged={(level) => {
            setChanging(null);
            list.update(
              (current) =>
                current?.map((other) => (other.email === changing.email ? { ...other, level } : other)) ?? null,
            );
          }}
        />
      ) : null}
      <GrantDialog open={adding} onClose={() => setAdding(false)} onGranted={list.reload} />
    </Page>
  );
}

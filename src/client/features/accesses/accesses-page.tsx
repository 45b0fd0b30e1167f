import { useState } from 'react';
import type { Grantee } from '#shared/screens/accesses.ts';
import { Page } from '#client/components/layout/page.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { RemoteView } from '#client/components/ui/remote-view.tsx';
import { RetryRow } from '#client/components/ui/retry-row.tsx';
import { SkeletonList } from '#client/components/ui/skeleton-list.tsx';
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
 * removal asked first ('Отозвать доступ?', for an invitation 'Отозвать приглашение?'), then at once (ADR 0049 for the levels).
 */
export function AccessesPage() {
  const list = useRemote(fetchGrantees);
  const [removeFailure, setRemoveFailure] = useState<string>();
  const [adding, setAdding] = useState(false);
  /** The colleague whose 'Удалить' was pressed, while 'Отозвать доступ?' asks. */
  const [revoking, setRevoking] = useState<Grantee | null>(null);
  /** The colleague whose 'Изменить доступ' was pressed. */
  const [changing, setChanging] = useState<Grantee | null>(null);

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
      {/* A refused removal: the row is back (reloaded), with the reason; the list's own failure says more. */}
      <RetryRow
        failure={list.failure ? undefined : removeFailure}
        onRetry={retry}
        loading={list.loading}
        className={styles.failure}
      />
      <RemoteView
        remote={list}
        retryClassName={styles.failure}
        skeleton={
          <SkeletonList
            label="Загрузка списка"
            rows={2}
            lines={['50%', '30%']}
            className={styles.list}
            itemClassName={styles.row}
          />
        }
        empty={<p className={styles.muted}>{NO_GRANTEES_TEXT}</p>}
      >
        {(grantees) => (
          <ul className={styles.list} aria-label="Связанные аккаунты">
            {grantees.map((grantee) => (
              <GranteeRow
                key={grantee.email}
                grantee={grantee}
                onChange={() => setChanging(grantee)}
                onRevoke={() => setRevoking(grantee)}
              />
            ))}
          </ul>
        )}
      </RemoteView>
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

/** One colleague or invitation: who, the level, 'Изменить доступ' (an account only) and 'Удалить'. */
function GranteeRow({ grantee, onChange, onRevoke }: { grantee: Grantee; onChange: () => void; onRevoke: () => void }) {
  return (
    <li className={styles.row}>
      <span className={styles.who}>
        <strong>{grantee.status === 'active' ? `${grantee.name} ${grantee.surname}` : grantee.email}</strong>
        <span>{grantee.status === 'active' ? grantee.email : INVITATION_STATUS[grantee.status]}</span>
        <span className={styles.level}>{ACCESS_LEVEL_LABELS[grantee.level]}</span>
      </span>
      <span className={styles.actions}>
        {grantee.status === 'active' ? (
          <Button variant="secondary" aria-label={`Изменить доступ ${grantee.email}`} onClick={onChange}>
            Изменить доступ
          </Button>
        ) : null}
        <Button variant="secondary" aria-label={`Удалить доступ ${grantee.email}`} onClick={onRevoke}>
          Удалить
        </Button>
      </span>
    </li>
  );
}

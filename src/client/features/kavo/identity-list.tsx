import { useState } from 'react';
import type { KavoListItem } from '#shared/screens/kavo.ts';
import { Button } from '#client/components/ui/button.tsx';
import { MessageDialog } from '#client/components/ui/message-dialog.tsx';
import { RemoteView } from '#client/components/ui/remote-view.tsx';
import { Skeleton } from '#client/components/ui/skeleton.tsx';
import type { Remote } from '#client/lib/use-remote.ts';
import type { KavoList } from './use-kavo-list.ts';
import { fullName, shownPhone } from './names.ts';
import { UnlinkDialog } from './unlink-dialog.tsx';
import styles from './kavo.module.css';

export const NO_IDENTITIES_TEXT = 'Нет привязанных аккаунтов KAVO ID';
/** cabinet.md §9: 3 skeleton rows while the linked accounts load. */
const SKELETON_ROWS = [0, 1, 2];

export interface IdentityListProps {
  list: Remote<KavoList>;
  /** The page's identity whose profile is open (Настройки has none). */
  selectedId?: number | undefined;
  onSelect?: (kavoId: number) => void;
}

/**
 * The linked KAVO ID identities (cabinet.md §2 Settings, Provider identity page): phone, last,
 * first and middle name; 'Отвязать' → 'Отвязать пользователя?' → 'Пользователь отвязан'.
 */
export function IdentityList({ list, selectedId, onSelect }: IdentityListProps) {
  const [unlinking, setUnlinking] = useState<KavoListItem | null>(null);
  const [message, setMessage] = useState<{ title: string; text?: string } | null>(null);

  const unlinked = (identity: KavoListItem, text: string) => {
    setUnlinking(null);
    list.update(
      (current) =>
        current && { ...current, profiles: current.profiles.filter((other) => other.kavo_id !== identity.kavo_id) },
    );
    setMessage({ title: text });
  };
  const failed = (text: string) => {
    setUnlinking(null);
    setMessage({ title: 'Ошибка', text });
  };

  return (
    <>
      <RemoteView
        remote={list}
        skeleton={
          <ul className={styles.list} aria-busy="true" aria-label="Загрузка привязанных аккаунтов">
            {SKELETON_ROWS.map((row) => (
              <li key={row} className={styles.row} data-testid="kavo-skeleton-row">
                <Skeleton width="45%" />
                <Skeleton width="25%" />
              </li>
            ))}
          </ul>
        }
        isEmpty={({ profiles }) => profiles.length === 0}
        empty={<p className={styles.muted}>{NO_IDENTITIES_TEXT}</p>}
      >
        {({ profiles }) => (
          <ul className={styles.list} aria-label="Привязанные аккаунты KAVO ID">
            {profiles.map((identity) => (
              <IdentityRow
                key={identity.kavo_id}
                identity={identity}
                selected={identity.kavo_id === selectedId}
                onSelect={onSelect}
                onUnlink={() => setUnlinking(identity)}
              />
            ))}
          </ul>
        )}
      </RemoteView>
      {unlinking ? (
        <UnlinkDialog
          identity={unlinking}
          onClose={() => setUnlinking(null)}
          onUnlinked={(text) => unlinked(unlinking, text)}
          onFailed={failed}
        />
      ) : null}
      <MessageDialog message={message} onClose={() => setMessage(null)} />
    </>
  );
}

interface IdentityRowProps {
  identity: KavoListItem;
  selected: boolean;
  onSelect: ((kavoId: number) => void) | undefined;
  onUnlink: () => void;
}

/** One linked identity: who, 'Профиль' where the page opens profiles, and 'Отвязать'. */
function IdentityRow({ identity, selected, onSelect, onUnlink }: IdentityRowProps) {
  return (
    <li className={[styles.row, selected ? styles.selected : ''].filter(Boolean).join(' ')}>
      <span className={styles.who}>
        <strong>{fullName(identity) || 'KAVO ID'}</strong>
        <span>{shownPhone(identity.phone)}</span>
      </span>
      <span className={styles.rowActions}>
        {onSelect ? (
          <Button
            variant="secondary"
            onClick={() => onSelect(identity.kavo_id)}
            aria-pressed={selected}
            aria-label={`Открыть профиль ${fullName(identity)}`}
          >
            Профиль
          </Button>
        ) : null}
        <Button
          variant="secondary"
          onClick={onUnlink}
          aria-label={`Отвязать ${fullName(identity) || shownPhone(identity.phone)}`}
        >
          Отвязать
        </Button>
      </span>
    </li>
  );
}

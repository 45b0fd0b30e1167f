import { useState } from 'react';
import { RetryRow } from '#client/components/ui/retry-row.tsx';
import type { SavedAddress } from '#shared/screens/places.ts';
import { Page } from '#client/components/layout/page.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { DataAge } from '#client/components/ui/data-age.tsx';
import { SkeletonList } from '#client/components/ui/skeleton-list.tsx';
import { savedCopyAt, useNoConnection, useOnReconnect } from '#client/lib/connection.ts';
import { AddressFormDialog } from './address-form-dialog.tsx';
import { useRemote } from '#client/lib/use-remote.ts';
import { loadSavedAddresses, useAddressesStore } from '#client/lib/screens/addresses-store.ts';
import { DeleteAddressDialog } from './delete-address-dialog.tsx';
import styles from './places.module.css';

export const EMPTY_ADDRESSES_TEXT = 'Сохранённых адресов пока нет. Добавьте адрес, откуда курьер заберёт инструменты.';

/** 'Мои адреса' (cabinet.md §2 My addresses): the list, the add / edit form with its map, delete with a confirmation. */
/** A saved address the geo provider could not check when it was saved (it was down). */
const UNCHECKED_NOTE = 'Адрес пока не проверен: проверим, когда вы оставите по нему заявку, или уточним по телефону.';

export function AddressBook() {
  const { addresses, fetchedAt, hydrated } = useAddressesStore();
  // Loaded again when the account changes (the store drops the copy then): never the previous one's list.
  const remote = useRemote(loadSavedAddresses);
  const { loading, reload: load } = remote;
  const error = remote.failure ?? null;
  const noConnection = useNoConnection();
  const [editing, setEditing] = useState<SavedAddress | 'new' | null>(null);
  const [deleting, setDeleting] = useState<SavedAddress | null>(null);

  useOnReconnect(load);

  const age =
    fetchedAt === null ? null : savedCopyAt(fetchedAt, { cached: false, failed: error !== null, noConnection });
  const firstLoad = !hydrated || (fetchedAt === null && error === null);
  const add = () => setEditing('new');

  return (
    <Page
      title="Мои адреса"
      actions={
        <>
          <DataAge fetchedAt={age} />
          <Button onClick={add}>Добавить адрес</Button>
        </>
      }
    >
      {error && (fetchedAt === null || addresses.length > 0) ? (
        <RetryRow failure={error} onRetry={load} final={remote.finalFailure} loading={loading} />
      ) : null}

      {firstLoad ? (
        <SkeletonList
          label="Загрузка адресов"
          rows={2}
          lines={['40%', '85%', '25%']}
          className={styles.list}
          itemClassName={styles.card}
        />
      ) : addresses.length === 0 && !error ? (
        <div className={styles.empty}>
          <p>{EMPTY_ADDRESSES_TEXT}</p>
          <Button variant="secondary" onClick={add}>
            Добавить адрес
          </Button>
        </div>
      ) : (
        <ul className={styles.list}>
          {addresses.map((address) => (
            <li key={address.id} className={styles.card}>
              <h2 className={styles.name}>{address.name}</h2>
              <p className={styles.address}>{address.address}</p>
              <p className={styles.apartment}>Квартира / офис: {address.apartment}</p>
              {address.checked ? null : <p className={styles.unchecked}>{UNCHECKED_NOTE}</p>}
              <div className={styles.cardActions}>
                <Button
                  variant="secondary"
                  onClick={() => setEditing(address)}
                  aria-label={`Изменить адрес «${address.name}»`}
                >
                  Изменить
                </Button>
                <Button
                  variant="link"
                  onClick={() => setDeleting(address)}
                  aria-label={`Удалить адрес «${address.name}»`}
                >
                  Удалить
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}

      {editing === null ? null : (
        <AddressFormDialog
          address={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            load();
          }}
        />
      )}
      {deleting === null ? null : (
        <DeleteAddressDialog
          address={deleting}
          onClose={() => setDeleting(null)}
          onDeleted={() => {
            setDeleting(null);
            load();
          }}
        />
      )}
    </Page>
  );
}

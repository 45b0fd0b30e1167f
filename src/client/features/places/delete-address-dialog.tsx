import { useState } from 'react';
import type { SavedAddress } from '#shared/screens/places.ts';
import { Button } from '#client/components/ui/button.tsx';
import { FormMessage } from '#client/components/ui/form-message.tsx';
import { Modal } from '#client/components/ui/modal.tsx';
import { asApiError } from '#client/lib/http.ts';
import { deleteAddress } from './api.ts';
import styles from './places.module.css';

export interface DeleteAddressDialogProps {
  address: SavedAddress;
  onClose: () => void;
  onDeleted: () => void;
}

/** Delete asks first (cabinet.md §2 My addresses). */
export function DeleteAddressDialog({ address, onClose, onDeleted }: DeleteAddressDialogProps) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const remove = async () => {
    setBusy(true);
    setError(undefined);
    try {
      await deleteAddress(address.id);
      onDeleted();
    } catch (caught) {
      setError(asApiError(caught).message);
      setBusy(false);
    }
  };
  return (
    <Modal
      open
      onClose={onClose}
      title="Удалить адрес?"
      size="sm"
      footer={
        <div className={styles.footer}>
          <Button onClick={() => void remove()} loading={busy}>
            Удалить
          </Button>
          <Button variant="secondary" onClick={onClose}>
            Отмена
          </Button>
        </div>
      }
    >
      <p className={styles.confirm}>
        «{address.name}», {address.address}. Курьер больше не сможет забрать инструменты по этому адресу, пока вы не
        добавите его снова.
      </p>
      <FormMessage tone="error">{error}</FormMessage>
    </Modal>
  );
}

import type { Grantee } from '#shared/screens/accesses.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Modal } from '#client/components/ui/modal.tsx';

export const REVOKE_CONFIRM_TITLE = 'Отозвать доступ?';

export interface RevokeDialogProps {
  grantee: Grantee;
  onClose: () => void;
  onConfirm: () => void;
}

/** 'Удалить' on a colleague asks first, like the other destructive actions. */
export function RevokeDialog({ grantee, onClose, onConfirm }: RevokeDialogProps) {
  return (
    <Modal
      open
      onClose={onClose}
      title={REVOKE_CONFIRM_TITLE}
      size="sm"
      footer={
        <>
          <Button onClick={onConfirm}>Отозвать</Button>
          <Button variant="secondary" onClick={onClose}>
            Отмена
          </Button>
        </>
      }
    >
      <p>
        {grantee.name} {grantee.surname}, {grantee.email}. Заявки и счета клиники будут этому аккаунту больше не видны;
        доступ можно выдать снова.
      </p>
    </Modal>
  );
}

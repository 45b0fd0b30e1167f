import type { Grantee } from '#shared/screens/accesses.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Modal } from '#client/components/ui/modal.tsx';

export const REVOKE_CONFIRM_TITLE = 'Отозвать доступ?';
/** An invitation has no account and no name yet: what goes is the mailed link. */
export const REVOKE_INVITATION_TITLE = 'Отозвать приглашение?';

export interface RevokeDialogProps {
  grantee: Grantee;
  onClose: () => void;
  onConfirm: () => void;
}

/** 'Удалить' on a colleague or an invitation asks first, like the other destructive actions. */
export function RevokeDialog({ grantee, onClose, onConfirm }: RevokeDialogProps) {
  const invitation = grantee.status !== 'active';
  return (
    <Modal
      open
      onClose={onClose}
      title={invitation ? REVOKE_INVITATION_TITLE : REVOKE_CONFIRM_TITLE}
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
      {invitation ? (
        <p>{grantee.email}: ссылка из письма-приглашения перестанет работать; пригласить можно снова.</p>
      ) : (
        <p>
          {grantee.name} {grantee.surname}, {grantee.email}. Заявки и счета клиники будут этому аккаунту больше не
          видны; доступ можно выдать снова.
        </p>
      )}
    </Modal>
  );
}

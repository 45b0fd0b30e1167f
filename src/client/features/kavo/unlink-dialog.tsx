import { useState } from 'react';
import { KAVO_MESSAGES, type KavoListItem } from '#shared/screens/kavo.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Modal } from '#client/components/ui/modal.tsx';
import { ApiError } from '#client/lib/http.ts';
import { unlinkKavo } from './api.ts';
import { fullName, shownPhone } from './names.ts';

export interface UnlinkDialogProps {
  identity: KavoListItem;
  onClose: () => void;
  /** Unlinked: the server's text ('Пользователь отвязан'). */
  onUnlinked: (message: string) => void;
  /** Refused or not sent: the server's text or the spec's. */
  onFailed: (message: string) => void;
}

/** 'Отвязать' asks first (cabinet.md §2 Settings): 'Отвязать пользователя?'. */
export function UnlinkDialog({ identity, onClose, onUnlinked, onFailed }: UnlinkDialogProps) {
  const [busy, setBusy] = useState(false);
  const unlink = async () => {
    setBusy(true);
    try {
      onUnlinked(await unlinkKavo(identity.kavo_id));
    } catch (caught) {
      // A network failure has no server text: the spec's own then (cabinet.md §8).
      onFailed(caught instanceof ApiError && caught.status > 0 ? caught.message : KAVO_MESSAGES.failed);
    }
  };
  return (
    <Modal
      open
      onClose={onClose}
      title={KAVO_MESSAGES.unlinkConfirm}
      size="sm"
      footer={
        <>
          <Button onClick={() => void unlink()} loading={busy}>
            Отвязать
          </Button>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            Отмена
          </Button>
        </>
      }
    >
      <p>
        {fullName(identity) || 'KAVO ID'}, {shownPhone(identity.phone)}. Портал больше не будет читать данные этого
        пользователя KAVO ID; привязать его можно снова.
      </p>
    </Modal>
  );
}

import type { ReactNode } from 'react';
import { Button } from './button.tsx';
import { Modal } from './modal.tsx';

export interface MessageDialogProps {
  /** Shown while set: the popup's title and its text. */
  message: { title: string; text?: ReactNode } | null;
  onClose: () => void;
}

/** A popup that says one thing and closes with 'OK' (the spec's success and 'Ошибка' popups). */
export function MessageDialog({ message, onClose }: MessageDialogProps) {
  return (
    <Modal
      open={message !== null}
      onClose={onClose}
      title={message?.title ?? ''}
      size="sm"
      footer={<Button onClick={onClose}>OK</Button>}
    >
      {message?.text ? <p>{message.text}</p> : null}
    </Modal>
  );
}

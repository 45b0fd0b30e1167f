import { Button } from '#client/components/ui/button.tsx';
import { Modal } from '#client/components/ui/modal.tsx';
import { DOCUMENTS, type DocumentName } from './documents.ts';
import { LoyaltyRules } from './loyalty-rules.tsx';
import { PrivacyPolicy } from './privacy-policy.tsx';

export interface DocumentDialogProps {
  document: DocumentName;
  onClose: () => void;
}

/** The policy popup and the loyalty-rules popup (portal.md §2.3): the whole text, read in place. */
export function DocumentDialog({ document, onClose }: DocumentDialogProps) {
  return (
    <Modal
      open
      onClose={onClose}
      title={DOCUMENTS[document].title}
      size="lg"
      footer={<Button onClick={onClose}>Понятно</Button>}
    >
      {document === 'privacy' ? <PrivacyPolicy /> : <LoyaltyRules />}
    </Modal>
  );
}

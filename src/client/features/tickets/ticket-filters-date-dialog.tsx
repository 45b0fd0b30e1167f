import type { ReactNode } from 'react';
import { formatDate } from '#shared/format/date.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Modal } from '#client/components/ui/modal.tsx';
import type { DraftRange } from './ticket-filters-calendar.tsx';
import styles from './ticket-filters.module.css';

export interface TicketFiltersDateDialogProps {
  open: boolean;
  /** The range being picked, for the hint. */
  draft: DraftRange | undefined;
  onClose: () => void;
  /** The calendar (its own, larger chunk). */
  children: ReactNode;
}

/**
 * The date filter's dialog. A chunk of its own, so the modal is not on the requests list's cold path
 * (docs/decisions/0012-code-splitting-and-cold-start.md: popups load when used).
 */
export function TicketFiltersDateDialog({ open, draft, onClose, children }: TicketFiltersDateDialogProps) {
  return (
    <Modal
      open={open}
      onClose={onClose}
      title="Выберите период"
      size="sm"
      footer={
        <Button variant="secondary" onClick={onClose}>
          Готово
        </Button>
      }
    >
      <p className={styles.pickerHint} aria-live="polite">
        {draft?.from && !draft.to
          ? `Начало: ${formatDate(draft.from)}. Выберите дату окончания.`
          : 'Выберите дату начала и дату окончания.'}
      </p>
      {children}
    </Modal>
  );
}

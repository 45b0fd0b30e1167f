import { useEffect, useState } from 'react';
import { CUSTOM_INSTRUMENT_TYPE, DIALOG_DESCRIPTION_MIN, repairMessages } from '#shared/screens/repair-requests.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Modal } from '#client/components/ui/modal.tsx';
import { InstrumentFields, type InstrumentErrors } from './instrument-fields.tsx';
import { newBlock, type EquipmentBlock } from './wizard-values.ts';
import styles from './repair.module.css';

/** The spec clears the dialog's content this long after it closes (portal.md §4.1), after its closing animation. */
export const CLEAR_AFTER_CLOSE_MS = 500;

/** What is wrong with the instrument, in the dialog's words (portal.md §4.1, §5). */
export function dialogProblems(block: EquipmentBlock): InstrumentErrors {
  const problems: InstrumentErrors = {};
  const description = block.description.trim();
  if (block.serialNumber.trim() === '') problems.serial_number = repairMessages.dialogRequired;
  if (block.type === '') problems.type = repairMessages.dialogRequired;
  if (Number(block.type) === CUSTOM_INSTRUMENT_TYPE && block.name.trim() === '')
    problems.name = repairMessages.dialogRequired;
  if (description === '') problems.description = repairMessages.dialogRequired;
  else if (description.length < DIALOG_DESCRIPTION_MIN) problems.description = repairMessages.descriptionMin;
  else if (description.length > 1000) problems.description = repairMessages.descriptionMax;
  return problems;
}

const same = (a: EquipmentBlock, b: EquipmentBlock) => JSON.stringify(a) === JSON.stringify(b);

export interface EquipmentDialogProps {
  open: boolean;
  /** The instrument being changed; null to add one (`nextBlock` is its number). */
  editing: EquipmentBlock | null;
  nextBlock: number;
  onSave: (block: EquipmentBlock) => void;
  onDelete: (block: EquipmentBlock) => void;
  onClose: () => void;
}

/**
 * The main form's equipment dialog (portal.md §4.1): 'Добавление инструмента' or 'Изменение
 * инструмента' with Save (only once valid) and, when changing, Delete after 'Удалить инструмент?';
 * closing with changes asks 'Закрыть окно?'.
 */
export function EquipmentDialog({ open, editing, nextBlock, onSave, onDelete, onClose }: EquipmentDialogProps) {
  const start = editing ?? newBlock(nextBlock);
  const [draft, setDraft] = useState(start);
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [asking, setAsking] = useState<'close' | 'delete' | null>(null);

  // Each opening starts from what is edited (adjusted while rendering, React's pattern for state
  // that follows a prop); what was typed is cleared after the closing animation.
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) {
      setDraft(start);
      setTouched(new Set());
    }
  }
  useEffect(() => {
    if (open) return;
    const timer = setTimeout(() => {
      setDraft(newBlock(nextBlock));
      setTouched(new Set());
    }, CLEAR_AFTER_CLOSE_MS);
    return () => clearTimeout(timer);
  }, [open, nextBlock]);

  const problems = dialogProblems(draft);
  const valid = Object.keys(problems).length === 0;
  const shown = Object.fromEntries(
    Object.entries(problems).filter(([field]) => touched.has(field)),
  ) as InstrumentErrors;
  const close = () => (same(draft, start) ? onClose() : setAsking('close'));

  return (
    <Modal
      open={open}
      onClose={close}
      title={editing ? 'Изменение инструмента' : 'Добавление инструмента'}
      footer={
        <div className={styles.dialogActions}>
          <Button disabled={!valid} onClick={() => onSave({ ...draft, description: draft.description.trim() })}>
            Сохранить
          </Button>
          {editing ? (
            <Button variant="secondary" onClick={() => setAsking('delete')}>
              Удалить
            </Button>
          ) : null}
        </div>
      }
    >
      <div className={styles.step}>
        <InstrumentFields
          block={draft}
          onChange={(patch) => setDraft((current) => ({ ...current, ...patch }))}
          errors={shown}
          onLeave={(field) => setTouched((current) => new Set(current).add(field))}
        />
      </div>
      <Modal
        open={asking !== null}
        onClose={() => setAsking(null)}
        title={asking === 'delete' ? 'Удалить инструмент?' : 'Закрыть окно?'}
        size="sm"
        footer={
          <>
            <Button
              onClick={() => {
                setAsking(null);
                if (asking === 'delete') onDelete(start);
                else onClose();
              }}
            >
              {asking === 'delete' ? 'Да, удалить' : 'Да, закрыть'}
            </Button>
            <Button variant="secondary" onClick={() => setAsking(null)}>
              Отмена
            </Button>
          </>
        }
      >
        <p>{asking === 'delete' ? 'Инструмент будет убран из заявки.' : 'Введённые данные будут потеряны.'}</p>
      </Modal>
    </Modal>
  );
}

import { Button } from './button.tsx';

export interface SaveButtonProps {
  submitting: boolean;
  /** Nothing changed since the last save (useSavedValuesForm), or the form cannot be sent. */
  disabled: boolean;
  className?: string | undefined;
}

/** 'Сохранить' under a form of saved values (Настройки, the KAVO ID profile), the whole width. */
export function SaveButton({ submitting, disabled, className }: SaveButtonProps) {
  return (
    <div className={className}>
      <Button type="submit" block loading={submitting} disabled={disabled}>
        Сохранить
      </Button>
    </div>
  );
}

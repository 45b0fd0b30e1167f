import { useEffect, useRef, useState } from 'react';
import { useSelector } from '@tanstack/react-form';
import { accessForm } from '#shared/screens/accesses.ts';
import { useAppForm } from '#client/components/ui/app-form.tsx';
import { BoundForm } from '#client/components/ui/bound-form.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { FormMessage } from '#client/components/ui/form-message.tsx';
import { Modal } from '#client/components/ui/modal.tsx';
import { asApiError } from '#client/lib/http.ts';
import type { AccessLevel } from '#shared/screens/access-levels.ts';
import { grantAccess } from './api.ts';
import { LevelChoice } from './level-choice.tsx';
import styles from './accesses.module.css';

export interface GrantDialogProps {
  open: boolean;
  onClose: () => void;
  /** Access was given: the list is fetched again. */
  onGranted: () => void;
}

/** 'Добавить пользователя' (cabinet.md §2 Accesses): an e-mail; the server's refusal under it; 'Доступ выдан' once given. */
export function GrantDialog({ open, onClose, onGranted }: GrantDialogProps) {
  const [serverError, setServerError] = useState<string>();
  const [done, setDone] = useState<string>();
  const [level, setLevel] = useState<AccessLevel>('full');
  const inputRef = useRef<HTMLInputElement>(null);
  const doneRef = useRef<HTMLButtonElement>(null);

  const form = useAppForm({
    defaultValues: { email: '' },
    onSubmit: async ({ value, formApi }) => {
      setServerError(undefined);
      try {
        setDone(await grantAccess(value.email, level));
        formApi.reset();
        onGranted();
      } catch (caught) {
        const error = asApiError(caught);
        setServerError(error.field('email') ?? error.message);
      }
    },
  });
  const email = useSelector(form.store, (state) => state.values.email);
  const submitting = useSelector(form.store, (state) => state.isSubmitting);
  // The form that held the focus is gone: the keyboard continues from 'Готово', not from the page's top.
  useEffect(() => {
    if (done) doneRef.current?.focus();
  }, [done]);
  const close = () => {
    setDone(undefined);
    setServerError(undefined);
    setLevel('full');
    form.reset();
    onClose();
  };

  return (
    <Modal open={open} onClose={close} title="Добавить пользователя" size="sm" initialFocusRef={inputRef}>
      {done ? (
        <div className={styles.done}>
          <FormMessage tone="success">{done}</FormMessage>
          <Button ref={doneRef} onClick={close}>
            Готово
          </Button>
        </div>
      ) : (
        <BoundForm form={form} className={styles.form} aria-label="Выдать доступ">
          <p className={styles.muted}>
            Коллега с этим адресом увидит то, что вы выберете ниже. Если у него ещё нет аккаунта, мы отправим
            приглашение. Бонусы тратите только вы.
          </p>
          <form.AppField
            name="email"
            validators={{ onBlur: accessForm.entries.email, onSubmit: accessForm.entries.email }}
          >
            {(field) => (
              <field.TextField
                ref={inputRef}
                label="Эл. почта коллеги"
                type="email"
                autoComplete="off"
                inputMode="email"
                serverError={serverError}
                onServerErrorClear={() => setServerError(undefined)}
              />
            )}
          </form.AppField>
          <LevelChoice value={level} onChange={setLevel} />
          <Button type="submit" block loading={submitting} disabled={email.trim() === '' || submitting}>
            Выдать доступ
          </Button>
        </BoundForm>
      )}
    </Modal>
  );
}

import { useState } from 'react';
import { useSelector } from '@tanstack/react-form';
import { promocodeField } from '#shared/screens/promocodes.ts';
import { Page } from '#client/components/layout/page.tsx';
import { useAppForm } from '#client/components/ui/app-form.tsx';
import { BoundForm } from '#client/components/ui/bound-form.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { PromocodeResult } from './promocode-result.tsx';
import styles from './promocode.module.css';

export interface PromocodePageProps {
  /** Points were credited: the user data and the balance are loaded again. */
  onApplied: () => void;
}

/** Промокоды (cabinet.md §2 Promo code, §5): 'Применить купон', the code, 'Подтвердить' opening the result popup. */
export function PromocodePage({ onApplied }: PromocodePageProps) {
  const [sending, setSending] = useState<string | null>(null);
  const form = useAppForm({
    defaultValues: { promocode: '' },
    onSubmit: ({ value }) => setSending(value.promocode.trim()),
  });
  const submitting = useSelector(form.store, (state) => state.isSubmitting);

  return (
    <Page title="Применить купон" narrow>
      <BoundForm form={form} className={styles.form} aria-label="Применить купон">
        <p className={styles.muted}>
          Введите код купона или промокод из письма или рекламы: бонусы придут на ваш счёт сразу.
        </p>
        <form.AppField name="promocode" validators={{ onSubmit: promocodeField }}>
          {(field) => (
            <field.TextField
              label="Промокод"
              placeholder="Введите промокод"
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              maxLength={50}
            />
          )}
        </form.AppField>
        <Button type="submit" loading={submitting}>
          Подтвердить
        </Button>
      </BoundForm>
      {sending !== null ? (
        <PromocodeResult
          code={sending}
          onApplied={() => {
            form.reset();
            onApplied();
          }}
          onClose={() => setSending(null)}
        />
      ) : null}
    </Page>
  );
}

import { useRef } from 'react';
import type * as v from 'valibot';
import { giftForm, type Gift } from '#shared/screens/decisions.ts';
import { BONUS_FORMS, countOf } from '#shared/format/plural.ts';
import { useAppForm } from '#client/components/ui/app-form.tsx';
import { focusFirstInvalidRadio } from '#client/components/ui/radio-group.tsx';
import { ModeForm, type ModeFormProps } from './mode-form.tsx';
import styles from './decisions.module.css';

export interface GiftFormProps extends ModeFormProps {
  gifts: Gift[];
  onSubmit: (giftId: number) => void;
}

/** An unavailable gift says why: the points still missing (cabinet.md §5), or that the catalogue has none left. */
export function giftLabel(gift: Gift): string {
  if (gift.is_available) return gift.name;
  if (gift.need_balls > 0) return `${gift.name} (осталось накопить ${countOf(gift.need_balls, BONUS_FORMS)})`;
  return `${gift.name} (нет в наличии)`;
}

const NONE_CHOSEN: v.InferInput<typeof giftForm> = { gift: null };

function GiftCard({ gift }: { gift: Gift }) {
  return (
    <span className={styles.gift}>
      {gift.image ? (
        <img className={styles.giftImage} src={gift.image} alt="" width={56} height={56} loading="lazy" />
      ) : (
        <span className={styles.giftImage} aria-hidden="true" />
      )}
      <span className={styles.giftText}>
        <span>{giftLabel(gift)}</span>
        <span className={styles.muted}>{countOf(gift.cost, BONUS_FORMS)}</span>
      </span>
    </span>
  );
}

/**
 * 'Выбрать подарок': the gifts as a list of choices with picture, cost and name. Radios rather
 * than a custom drop-down: a picture fits in each option, and phones and screen readers handle
 * them natively. Gifts the user cannot afford yet are shown, disabled, with what is missing.
 */
export function GiftForm(props: GiftFormProps) {
  const { gifts, serverError, onServerErrorClear, onSubmit } = props;
  const formRef = useRef<HTMLFormElement>(null);
  const form = useAppForm({
    defaultValues: NONE_CHOSEN,
    onSubmitInvalid: () => focusFirstInvalidRadio(formRef.current),
    onSubmit: ({ value }) => {
      if (value.gift !== null) onSubmit(value.gift);
    },
  });
  return (
    <ModeForm form={form} formRef={formRef} mode={props} label="Подарок за бонусы" submitLabel="Согласовать с подарком">
      <form.AppField name="gift" validators={{ onBlur: giftForm.entries.gift }}>
        {(field) => (
          <field.RadioGroupField
            legend="Подарок"
            options={gifts.map((gift) => ({
              value: gift.id,
              label: <GiftCard gift={gift} />,
              disabled: !gift.is_available,
            }))}
            serverError={serverError}
            onChange={() => onServerErrorClear()}
          />
        )}
      </form.AppField>
      {gifts.length === 0 ? <p className={styles.note}>Подарков пока нет.</p> : null}
    </ModeForm>
  );
}

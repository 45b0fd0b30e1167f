import { MaskedField } from '#client/components/ui/masked-field.tsx';
import type { StepProps } from './step-props.ts';
import styles from './repair.module.css';

/** Step 1, Контактная информация (portal.md §2.1): who the service centre calls; only the phone is edited here. */
export function ContactStep({ user, values, errors, change }: StepProps) {
  return (
    <div className={styles.step}>
      <dl className={styles.readOnly}>
        <div>
          <dt>Имя</dt>
          <dd>{user.name}</dd>
        </div>
        <div>
          <dt>Фамилия</dt>
          <dd>{user.surname}</dd>
        </div>
        <div>
          <dt>Эл. почта</dt>
          <dd>{user.email}</dd>
        </div>
      </dl>
      <MaskedField
        mask="phone"
        label="Телефон"
        name="phone"
        value={values.phone}
        onValueChange={(phone) => change({ phone })}
        error={errors['contact.phone']}
      />
    </div>
  );
}

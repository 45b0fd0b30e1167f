import { MaskedField } from '#client/components/ui/masked-field.tsx';
import { TextField } from '#client/components/ui/text-field.tsx';
import { boundText, type StepProps } from './step-props.ts';
import styles from './repair.module.css';

export interface ContactStepProps extends StepProps {
  /** While the mailed code is asked for: the contact stays as it was sent ('Назад' under the code unlocks it). */
  locked?: boolean;
}

/**
 * Step 1, Контактная информация (portal.md §2.1, §5): who the service centre calls. A clinic's name
 * and e-mail are its account's (only the phone is edited here); a guest types them all.
 */
export function ContactStep(props: ContactStepProps) {
  const { user, values, errors, change, locked = false } = props;
  const phone = (
    <MaskedField
      mask="phone"
      label="Телефон"
      name="phone"
      value={values.phone}
      onValueChange={(phone) => change({ phone })}
      error={errors['contact.phone']}
      readOnly={locked}
    />
  );
  if (user === null)
    return (
      <div className={styles.step}>
        <div className={styles.row}>
          <TextField label="Имя" {...boundText(props, 'contact', 'name')} autoComplete="given-name" readOnly={locked} />
          <TextField
            label="Фамилия"
            {...boundText(props, 'contact', 'surname')}
            autoComplete="family-name"
            readOnly={locked}
          />
        </div>
        <TextField
          label="Эл. почта"
          {...boundText(props, 'contact', 'email')}
          type="email"
          inputMode="email"
          autoComplete="email"
          hint="Пришлём код подтверждения, а с заявкой — логин и пароль от личного кабинета"
          readOnly={locked}
        />
        {phone}
      </div>
    );
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
      {phone}
    </div>
  );
}

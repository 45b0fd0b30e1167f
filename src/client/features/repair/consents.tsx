import { CheckboxField } from '#client/components/ui/checkbox-field.tsx';
import type { StepProps } from './step-props.ts';

/** The two consents of a request (portal.md §5 Step 3), asked until the clinic has given them once. */
export function Consents({ user, values, errors, change }: StepProps) {
  if (user.consents_given) return null;
  return (
    <>
      <CheckboxField
        label={
          <>
            Я согласен на обработку персональных данных в соответствии с{' '}
            <a href="/privacy" target="_blank" rel="noopener">
              политикой
            </a>
          </>
        }
        checked={values.approvalPolicy}
        onChange={(event) => change({ approvalPolicy: event.target.checked })}
        error={errors.approval_policy}
      />
      <CheckboxField
        label={
          <>
            Я согласен с{' '}
            <a href="/rules/loyalty" target="_blank" rel="noopener">
              правилами программы лояльности
            </a>
          </>
        }
        checked={values.approvalLoyalty}
        onChange={(event) => change({ approvalLoyalty: event.target.checked })}
        error={errors.approval_loyalty}
      />
    </>
  );
}

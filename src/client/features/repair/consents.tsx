import { DocumentLink } from '#client/components/content/document-link.tsx';
import { CheckboxField } from '#client/components/ui/checkbox-field.tsx';
import type { StepProps } from './step-props.ts';

/**
 * The two consents of a request (portal.md §5 Step 3), asked until the clinic has given them once
 * (always of a guest).
 * Worded without 'согласен/согласна': the reader's gender is not known.
 */
export function Consents({ user, values, errors, change }: StepProps) {
  if (user?.consents_given) return null;
  return (
    <>
      <CheckboxField
        label={
          <>
            Даю согласие на обработку персональных данных в соответствии с{' '}
            <DocumentLink document="privacy">политикой</DocumentLink>
          </>
        }
        checked={values.approvalPolicy}
        onChange={(event) => change({ approvalPolicy: event.target.checked })}
        error={errors.approval_policy}
      />
      <CheckboxField
        label={
          <>
            Соглашаюсь с <DocumentLink document="loyalty-rules">правилами программы лояльности</DocumentLink>
          </>
        }
        checked={values.approvalLoyalty}
        onChange={(event) => change({ approvalLoyalty: event.target.checked })}
        error={errors.approval_loyalty}
      />
    </>
  );
}

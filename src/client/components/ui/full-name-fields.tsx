import { settingsForm } from '#shared/screens/profile.ts';
import { withFieldGroup } from './app-form.tsx';

/**
 * Фамилия, Имя, Отчество in this order, checked by the contract's name rules (settingsForm; KAVO ID
 * takes the same ones): the Настройки form and the KAVO ID profile map them onto their own field names.
 * `ownName`: the signed-in person's own name, which the browser may fill in; another person's (a
 * KAVO ID identity) is not offered the browser's saved name.
 */
export const FullNameFields = withFieldGroup({
  defaultValues: { surname: '', name: '', patronymic: '' },
  props: { ownName: false },
  render: function FullNameFieldsRender({ group, ownName }) {
    const autoComplete = (token: string) => (ownName ? token : 'off');
    return (
      <>
        <group.AppField name="surname" validators={{ onBlur: settingsForm.entries.surname }}>
          {(field) => <field.TextField label="Фамилия" autoComplete={autoComplete('family-name')} />}
        </group.AppField>
        <group.AppField name="name" validators={{ onBlur: settingsForm.entries.name }}>
          {(field) => <field.TextField label="Имя" autoComplete={autoComplete('given-name')} />}
        </group.AppField>
        <group.AppField name="patronymic" validators={{ onBlur: settingsForm.entries.patronymic }}>
          {(field) => <field.TextField label="Отчество" autoComplete={autoComplete('additional-name')} />}
        </group.AppField>
      </>
    );
  },
});

import type { ReactNode } from 'react';
import { settingsForm, type SettingsForm as SettingsValues } from '#shared/screens/profile.ts';
import type { UserData } from '#shared/api/account.ts';
import { Page } from '#client/components/layout/page.tsx';
import { BoundForm } from '#client/components/ui/bound-form.tsx';
import { FullNameFields } from '#client/components/ui/full-name-fields.tsx';
import { MessageDialog } from '#client/components/ui/message-dialog.tsx';
import { SaveButton } from '#client/components/ui/save-button.tsx';
import { useSavedValuesForm } from '#client/components/ui/saved-values-form.ts';
import { TextField } from '#client/components/ui/text-field.tsx';
import { useAccountStore } from './account-store.ts';
import { saveSettings } from './profile-api.ts';
import styles from './forms.module.css';

const savedValues = (user: UserData): SettingsValues => ({
  surname: user.surname,
  name: user.name,
  patronymic: user.patronymic ?? '',
  company: user.company ?? '',
});

/**
 * Настройки (cabinet.md §2, §5): surname, name, patronymic, the login e-mail (read only) and the
 * organisation; 'Сохранить' only when something changed. Below the form, `children`: the route
 * puts the linked KAVO ID identities there (features/kavo).
 */
export function SettingsForm({ user, children }: { user: UserData; children?: ReactNode }) {
  const refresh = useAccountStore((state) => state.refresh);
  const { form, formRef, message, closeMessage, saveDisabled, submitting } = useSavedValuesForm(
    savedValues(user),
    async (value) => {
      const text = await saveSettings(value);
      await refresh();
      const now = useAccountStore.getState().user;
      return { message: text, saved: now ? savedValues(now) : value };
    },
  );

  return (
    <Page title="Настройки" narrow>
      <BoundForm form={form} ref={formRef} className={styles.form} aria-label="Настройки">
        <FullNameFields form={form} fields={{ surname: 'surname', name: 'name', patronymic: 'patronymic' }} ownName />
        <TextField
          label="Эл. почта"
          value={user.email}
          readOnly
          hint="Адрес для входа меняется в разделе «Личные данные»."
        />
        <form.AppField name="company" validators={{ onBlur: settingsForm.entries.company }}>
          {(field) => <field.TextField label="Организация" autoComplete="organization" />}
        </form.AppField>
        <SaveButton className={styles.actions} submitting={submitting} disabled={saveDisabled} />
      </BoundForm>
      {children}
      <MessageDialog message={message} onClose={closeMessage} />
    </Page>
  );
}

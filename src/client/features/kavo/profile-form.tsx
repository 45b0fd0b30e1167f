import type { EndpointOutput } from '#shared/api/endpoint.ts';
import {
  kavoProfileForm,
  type getKavoProfile,
  type KavoProfileForm as KavoProfileValues,
} from '#shared/screens/kavo.ts';
import { ADDRESS_MESSAGES } from '#shared/screens/places.ts';
import { BoundForm } from '#client/components/ui/bound-form.tsx';
import { changeField, fieldError } from '#client/components/ui/form-bindings.ts';
import { FullNameFields } from '#client/components/ui/full-name-fields.tsx';
import { MessageDialog } from '#client/components/ui/message-dialog.tsx';
import { SaveButton } from '#client/components/ui/save-button.tsx';
import { useSavedValuesForm } from '#client/components/ui/saved-values-form.ts';
import { SuggestField } from '#client/components/ui/suggest-field.tsx';
import { TextField } from '#client/components/ui/text-field.tsx';
import { saveKavoProfile, suggestKavoCities } from './api.ts';
import { shownPhone } from './names.ts';
import styles from './kavo.module.css';

export type KavoProfile = EndpointOutput<typeof getKavoProfile>;

const valuesOf = (profile: KavoProfile): KavoProfileValues => ({
  last_name: profile.last_name,
  first_name: profile.first_name,
  middle_name: profile.middle_name,
  city: profile.city,
});

export interface ProfileFormProps {
  profile: KavoProfile;
  /** After a save: the names in the list follow. */
  onSaved: () => void;
}

/**
 * One identity's profile (cabinet.md §2 Provider identity page, §5): last name, first name,
 * patronymic, the phone (read only, masked) and the city as 'Страна, Город' with suggestions;
 * 'Сохранить' only when something changed; on failure the form returns to the saved values.
 */
export function ProfileForm({ profile, onSaved }: ProfileFormProps) {
  const { form, formRef, message, closeMessage, saveDisabled, submitting } = useSavedValuesForm(
    valuesOf(profile),
    async (value) => {
      const text = await saveKavoProfile(profile.kavo_id, value);
      onSaved();
      const trimmed = Object.fromEntries(
        Object.entries(value).map(([key, entry]) => [key, entry.trim()]),
      ) as KavoProfileValues;
      return { message: text, saved: trimmed };
    },
  );

  return (
    <>
      <BoundForm form={form} ref={formRef} className={styles.form} aria-label="Профиль KAVO ID">
        <FullNameFields
          form={form}
          fields={{ surname: 'last_name', name: 'first_name', patronymic: 'middle_name' }}
          ownName={false}
        />
        <TextField
          label="Телефон"
          value={shownPhone(profile.phone)}
          readOnly
          hint="Телефон меняется в самом KAVO ID."
        />
        <form.Field name="city" validators={{ onBlur: kavoProfileForm.entries.city }}>
          {(field) => (
            <SuggestField<string>
              label="Город"
              name="city"
              placeholder="Страна, Город"
              value={field.state.value}
              onValueChange={(text) => changeField(field, text)}
              onBlur={field.handleBlur}
              fetchSuggestions={suggestKavoCities}
              optionLabel={(option) => option}
              onPick={(option) => changeField(field, option)}
              emptyMessage={ADDRESS_MESSAGES.nothingFound}
              failureMessage={ADDRESS_MESSAGES.geoSuggestFailed}
              error={fieldError(field)}
            />
          )}
        </form.Field>
        <SaveButton className={styles.actions} submitting={submitting} disabled={saveDisabled} />
      </BoundForm>
      <MessageDialog message={message} onClose={closeMessage} />
    </>
  );
}

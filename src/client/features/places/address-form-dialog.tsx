import { useId, useRef, useState } from 'react';
import { useStore } from '@tanstack/react-form';
import {
  ADDRESS_LIMITS,
  ADDRESS_MESSAGES,
  addressFields,
  type AddressSuggestion,
  type SavedAddress,
} from '#shared/screens/places.ts';
import { useAppForm } from '#client/components/ui/app-form.tsx';
import { BoundForm } from '#client/components/ui/bound-form.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { changeField, fieldError } from '#client/components/ui/form-bindings.ts';
import { useServerErrors } from '#client/components/ui/form-helpers.ts';
import { FormMessage } from '#client/components/ui/form-message.tsx';
import { Modal } from '#client/components/ui/modal.tsx';
import { Skeleton } from '#client/components/ui/skeleton.tsx';
import { SuggestField } from '#client/components/ui/suggest-field.tsx';
import { useNoConnection } from '#client/lib/connection.ts';
import { asApiError } from '#client/lib/http.ts';
import { lazyComponent } from '#client/lib/lazy-component.tsx';
import { suggestAddresses } from '#client/lib/screens/places-api.ts';
import { saveAddress } from './api.ts';
import { CHECK_HINTS, useAddressPlacement } from './use-address-placement.ts';
import styles from './places.module.css';

// Leaflet comes in its own chunk, when the form opens: no other screen pays for it.
const AddressMap = lazyComponent(() => import('./address-map.tsx').then((module) => module.AddressMap), {
  fallback: <Skeleton shape="rect" height="19rem" />,
});

export interface AddressFormDialogProps {
  /** The address to edit; null adds a new one. */
  address: SavedAddress | null;
  onClose: () => void;
  /** After a save: the list reloads (cabinet.md §4). */
  onSaved: (saved: SavedAddress) => void;
}

/** The fields 'Сохранить' waits for (cabinet.md §5: each required), by their labels. */
const REQUIRED_FIELDS = { name: 'Название', address: 'Адрес', apartment: 'Квартира / офис' } as const;
type RequiredField = keyof typeof REQUIRED_FIELDS;

/** The add / edit form with its map (cabinet.md §2 My addresses, §4, §5, §8). */
export function AddressFormDialog({ address, onClose, onSaved }: AddressFormDialogProps) {
  const formId = useId();
  const missingId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const noConnection = useNoConnection();
  const server = useServerErrors<'name' | 'address' | 'apartment'>();
  const [formMessage, setFormMessage] = useState<string | undefined>();

  // Declared before the form, whose submit sends its point; it writes the address only on a pick or a
  // check's answer, when the form below exists.
  const { point, check, runCheck, pickSuggestion, pickOnMap, forget } = useAddressPlacement(address, {
    setAddress: (text) => form.setFieldValue('address', text),
    clearServerAddress: () => server.clear('address'),
  });
  const form = useAppForm({
    defaultValues: { name: address?.name ?? '', address: address?.address ?? '', apartment: address?.apartment ?? '' },
    onSubmit: async ({ value }) => {
      setFormMessage(undefined);
      server.clearAll();
      try {
        const coordinates = point ? `${point.latitude.toFixed(6)},${point.longitude.toFixed(6)}` : null;
        onSaved(await saveAddress({ id: address?.id ?? null, ...value, coordinates }));
      } catch (caught) {
        const error = asApiError(caught, ADDRESS_MESSAGES.saveFailed);
        const fields = {
          name: error.field('name'),
          address: error.field('address'),
          apartment: error.field('apartment'),
        };
        server.show(fields);
        if (!fields.name && !fields.address && !fields.apartment) setFormMessage(error.message);
      }
    },
  });
  const values = useStore(form.store, (state) => state.values);
  const submitting = useStore(form.store, (state) => state.isSubmitting);

  // 'Сохранить' stays off until every required field is filled (cabinet.md §5), and the line above it says which are still empty.
  const missing = (Object.keys(REQUIRED_FIELDS) as RequiredField[]).filter((key) => values[key].trim() === '');
  const canSave =
    !noConnection && missing.length === 0 && (check.kind === 'ok' || check.kind === 'unreachable') && !submitting;
  const checkMessage = check.kind === 'refused' ? check.message : undefined;

  return (
    <Modal
      open
      onClose={onClose}
      title={address ? 'Изменить адрес' : 'Новый адрес'}
      size="lg"
      footer={
        <div className={styles.footer}>
          {missing.length > 0 && !noConnection ? (
            <p id={missingId} className={styles.missing}>
              Чтобы сохранить, заполните: {missing.map((key) => `«${REQUIRED_FIELDS[key]}»`).join(', ')}
            </p>
          ) : null}
          <Button
            type="submit"
            form={formId}
            disabled={!canSave}
            loading={submitting}
            aria-describedby={missing.length > 0 && !noConnection ? missingId : undefined}
          >
            Сохранить
          </Button>
          <Button variant="secondary" onClick={onClose}>
            Отмена
          </Button>
        </div>
      }
    >
      <BoundForm
        form={form}
        id={formId}
        ref={formRef}
        className={styles.form}
        aria-label={address ? 'Изменить адрес' : 'Новый адрес'}
        submitDisabled={!canSave}
      >
        {noConnection ? <FormMessage tone="info">{ADDRESS_MESSAGES.offline}</FormMessage> : null}
        <form.AppField name="name" validators={{ onBlur: addressFields.name }}>
          {(field) => (
            <field.TextField
              label={REQUIRED_FIELDS.name}
              required
              placeholder="Например, клиника на Тверской"
              maxLength={ADDRESS_LIMITS.name}
              {...server.forField('name')}
            />
          )}
        </form.AppField>
        <form.Field name="address" validators={{ onBlur: addressFields.address }}>
          {(field) => (
            <SuggestField<AddressSuggestion>
              label={REQUIRED_FIELDS.address}
              required
              name="address"
              value={field.state.value}
              maxLength={ADDRESS_LIMITS.address}
              placeholder="Город, улица, дом"
              hint={CHECK_HINTS[check.kind] ?? CHECK_HINTS.unchecked}
              onValueChange={(text) => {
                changeField(field, text);
                forget();
              }}
              onBlur={field.handleBlur}
              onFocus={() => server.clear('address')}
              fetchSuggestions={suggestAddresses}
              optionLabel={(suggestion) => suggestion.value}
              onPick={pickSuggestion}
              onLeave={(text) => {
                if (check.kind === 'unchecked') runCheck(text);
              }}
              emptyMessage={ADDRESS_MESSAGES.nothingFound}
              failureMessage={ADDRESS_MESSAGES.suggestFailed}
              error={fieldError(field) ?? server.errors.address ?? checkMessage}
            />
          )}
        </form.Field>
        <form.AppField name="apartment" validators={{ onBlur: addressFields.apartment }}>
          {(field) => (
            <field.TextField
              label={REQUIRED_FIELDS.apartment}
              required
              maxLength={ADDRESS_LIMITS.apartment}
              {...server.forField('apartment')}
            />
          )}
        </form.AppField>
        <AddressMap point={point} onPick={pickOnMap} />
        <FormMessage tone="error">{formMessage}</FormMessage>
      </BoundForm>
    </Modal>
  );
}

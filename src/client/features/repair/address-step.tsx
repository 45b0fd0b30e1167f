import { useState } from 'react';
import type { AddressSuggestion, SavedAddress } from '#shared/screens/places.ts';
import { ADDRESS_MESSAGES } from '#shared/screens/places.ts';
import { ADDRESS_COMMENT_MAX } from '#shared/screens/repair-requests.ts';
import { CHARACTER_FORMS, countOf, pluralCategory } from '#shared/format/plural.ts';
import { Button } from '#client/components/ui/button.tsx';
import { SelectField } from '#client/components/ui/select-field.tsx';
import { SuggestField } from '#client/components/ui/suggest-field.tsx';
import { TextField } from '#client/components/ui/text-field.tsx';
import { useRemote } from '#client/lib/use-remote.ts';
import { useAddressesStore } from '#client/lib/screens/addresses-store.ts';
import { suggestAddresses } from '#client/lib/screens/places-api.ts';
import { keptSavedAddresses, keptServiceCentres, useOfflineCopies } from './offline-copies.ts';
import { PickupAndCentre } from './pickup-and-centre.tsx';
import { boundText, type StepProps } from './step-props.ts';
import { useAddressCheck } from './use-address-check.ts';
import styles from './repair.module.css';

/** 'Осталось 12 символов', 'Остался 1 символ': the comment's room, so nothing is cut silently at its limit. */
const charactersLeft = (left: number) =>
  `${pluralCategory(left) === 'one' ? 'Остался' : 'Осталось'} ${countOf(left, CHARACTER_FORMS)}`;

/**
 * The account's saved addresses (a guest has none yet) and the centres, in one load that keeps them
 * on the device (offline-copies.ts): the step shows those copies, so with no connection it still has
 * what was saved before. It fails only for centres neither fetched nor saved.
 */
const loadPlaces = (guest: boolean) => () =>
  Promise.all([
    guest ? null : keptSavedAddresses({ orSaved: true }).catch(() => null),
    keptServiceCentres({ orSaved: true }),
  ]);
const NO_ADDRESSES: SavedAddress[] = [];

/** Step 2, Адрес (portal.md §2.1, §5): where the courier comes, when, and which centre repairs. */
export interface AddressStepProps extends StepProps {
  /** The main form's 'Добавить адрес' (portal.md §2.2 address-add modal): opens it, and hands back the saved address. */
  addAddress?: ((onSaved: (address: SavedAddress) => void) => void) | undefined;
}

export function AddressStep(props: AddressStepProps) {
  const { user, values, errors, change, addAddress } = props;
  const guest = user === null;
  const places = useRemote(loadPlaces(guest), guest ? 'guest' : 'account');
  const accountAddresses = useAddressesStore((state) => state.addresses);
  const saved = guest ? NO_ADDRESSES : accountAddresses;
  const centres = useOfflineCopies((state) => state.centres);
  const [choice, setChoice] = useState('');
  const address = useAddressCheck(props);

  /** A saved address fills the address and the office, then is checked like a typed one. */
  const choose = (chosen: SavedAddress) => {
    setChoice(String(chosen.id));
    change({ address: chosen.address, room: chosen.apartment });
    address.check(chosen.address, null);
  };
  /** 'Новый адрес': nothing of the saved one stays (its office, the country and postcode its check brought). */
  const chooseNew = () => {
    address.forget();
    setChoice('');
    address.setCountryLocked(false);
    change({ address: '', country: '', zip: '', room: '' });
  };
  const added = (chosen: SavedAddress) => {
    useAddressesStore.setState((state) => ({
      addresses: [...state.addresses.filter((entry) => entry.id !== chosen.id), chosen],
    }));
    choose(chosen);
  };

  return (
    <div className={styles.step}>
      <TextField label="Название клиники" {...boundText(props, 'address', 'company')} required />
      {saved.length > 0 ? (
        <SelectField
          label="Сохранённый адрес"
          value={choice}
          placeholder="Новый адрес"
          options={saved.map((entry) => ({ value: String(entry.id), label: `${entry.name}: ${entry.address}` }))}
          onChange={(event) => {
            const chosen = saved.find((entry) => String(entry.id) === event.target.value);
            if (chosen) choose(chosen);
            else chooseNew();
          }}
        />
      ) : null}
      {addAddress ? (
        <Button variant="link" onClick={() => addAddress(added)}>
          Добавить адрес
        </Button>
      ) : null}
      <SuggestField<AddressSuggestion>
        label="Адрес"
        name="address"
        value={values.address}
        placeholder="Город, улица, дом"
        required
        onValueChange={(text) => {
          address.forget();
          // Another address brings its own country.
          change(address.countryLocked ? { address: text, country: '' } : { address: text });
          address.setCountryLocked(false);
        }}
        fetchSuggestions={suggestAddresses}
        optionLabel={(suggestion) => suggestion.value}
        onPick={(suggestion) => {
          const zip = suggestion.data.postal_code;
          change(zip ? { address: suggestion.value, zip } : { address: suggestion.value });
          address.check(suggestion.value, suggestion.country);
        }}
        onLeave={(text) => address.check(text, null)}
        emptyMessage={ADDRESS_MESSAGES.nothingFound}
        failureMessage={ADDRESS_MESSAGES.suggestFailed}
        error={errors['address.address'] ?? address.problem}
        hint={address.unchecked ? ADDRESS_MESSAGES.unchecked : undefined}
      />
      <TextField
        label="Страна / регион"
        {...boundText(props, 'address', 'country')}
        readOnly={address.countryLocked}
        required
      />
      <div className={styles.row}>
        <TextField label="Индекс" {...boundText(props, 'address', 'zip')} inputMode="text" required />
        <TextField label="Офис / квартира" {...boundText(props, 'address', 'room')} />
      </div>
      <TextField
        label="Комментарий к адресу"
        {...boundText(props, 'address', 'message')}
        maxLength={ADDRESS_COMMENT_MAX}
        hint={charactersLeft(ADDRESS_COMMENT_MAX - values.message.length)}
      />
      <PickupAndCentre values={values} errors={errors} change={change} centres={centres} loadProblem={places.failure} />
    </div>
  );
}

import { useEffect, useRef, useState } from 'react';
import type { AddressSuggestion, SavedAddress, ServiceCentre } from '#shared/screens/places.ts';
import { ADDRESS_MESSAGES } from '#shared/screens/places.ts';
import {
  DEFAULT_PICKUP_CUTOFF_HOUR,
  NO_PICKUP_DAYS,
  pickupDays,
  type PickupCalendar,
} from '#shared/screens/pickup-days.ts';
import { ADDRESS_COMMENT_MAX, repairMessages } from '#shared/screens/repair-requests.ts';
import { CHARACTER_FORMS, countOf, pluralCategory } from '#shared/format/plural.ts';
import { formatPickupDay } from '#shared/format/pickup-day.ts';
import { offeredCentres } from '#shared/screens/geo/service-centres.ts';
import { Button } from '#client/components/ui/button.tsx';
import { SelectField } from '#client/components/ui/select-field.tsx';
import { SuggestField } from '#client/components/ui/suggest-field.tsx';
import { TextField } from '#client/components/ui/text-field.tsx';
import { asApiError } from '#client/lib/http.ts';
import { lazyComponent } from '#client/lib/lazy-component.tsx';
import { useRemote } from '#client/lib/use-remote.ts';
import {
  checkAddress,
  fetchSavedAddresses,
  fetchServiceCentres,
  suggestAddresses,
} from '#client/lib/screens/places-api.ts';
import { fetchPickupCalendar } from './api.ts';
import { boundText, type StepProps } from './step-props.ts';
import styles from './repair.module.css';

// Leaflet comes only with the map, when asked for.
const CentresChoiceMap = lazyComponent(
  () => import('./centres-choice-map.tsx').then((module) => module.CentresChoiceMap),
  {
    fallback: <output className={styles.mapPlaceholder} aria-label="Загрузка карты" />,
  },
);

/** 'Осталось 12 символов', 'Остался 1 символ': the comment's room, so nothing is cut silently at its limit. */
const charactersLeft = (left: number) =>
  `${pluralCategory(left) === 'one' ? 'Остался' : 'Осталось'} ${countOf(left, CHARACTER_FORMS)}`;

/**
 * Without the server's calendar (no network: the request will wait in the outbox) the weekdays after
 * the default noon cut-off; the server checks the day against holidays when the request arrives.
 */
const OFFLINE_CALENDAR: PickupCalendar = { cutoffHour: DEFAULT_PICKUP_CUTOFF_HOUR, closedDays: [] };

/** Step 2, Адрес (portal.md §2.1, §5): where the courier comes, when, and which centre repairs. */
export interface AddressStepProps extends StepProps {
  /** The main form's 'Добавить адрес' (portal.md §2.2 address-add modal): opens it, and hands back the saved address. */
  addAddress?: ((onSaved: (address: SavedAddress) => void) => void) | undefined;
}

export function AddressStep(props: AddressStepProps) {
  const { user, values, errors, change, addAddress } = props;
  const [saved, setSaved] = useState<SavedAddress[]>([]);
  const [centres, setCentres] = useState<ServiceCentre[]>([]);
  const [mapShown, setMapShown] = useState(false);
  const [choice, setChoice] = useState('');
  /** The country came with the checked address: not edited by hand (portal.md §2.1 'disabled once filled'), until the address changes. */
  const [countryLocked, setCountryLocked] = useState(false);
  const [addressProblem, setAddressProblem] = useState<string | undefined>();
  /** The provider could not be asked (down, slow, no network): a calm line, not an error; the server checks again or marks it for a call. */
  const [addressUnchecked, setAddressUnchecked] = useState(false);
  const [loadProblem, setLoadProblem] = useState<string | undefined>();
  /** Grows with every check and every change of the address: a check's answer for an address no longer there is dropped. */
  const checkRun = useRef(0);
  /** null until the calendar is in (a moment): the select waits rather than offer a closed day. */
  const days = useRemote((signal) =>
    // Without the server's calendar (no network) the offline one: the select never stays empty for it.
    fetchPickupCalendar(signal)
      .catch(() => OFFLINE_CALENDAR)
      .then((calendar) => pickupDays(new Date(), calendar)),
  ).data;

  const guest = user === null;
  useEffect(() => {
    let current = true;
    // A guest has no saved addresses yet (an account's list).
    const savedAddresses = guest ? Promise.resolve([]) : fetchSavedAddresses().catch(() => []);
    Promise.all([savedAddresses, fetchServiceCentres()]).then(
      ([addresses, offices]) => {
        if (!current) return;
        setSaved(addresses);
        setCentres(offices);
      },
      (error: unknown) => current && setLoadProblem(asApiError(error).message),
    );
    return () => {
      current = false;
    };
  }, [guest]);

  /**
   * The spec's check of the address; an exact one is written as the provider writes it, and brings
   * its postcode to Индекс when the provider knows it (the address it belongs to was just chosen).
   */
  const check = (text: string, country: string | null) => {
    if (text.trim() === '') return;
    const mine = ++checkRun.current;
    checkAddress(text.trim()).then(
      (result) => {
        if (mine !== checkRun.current) return;
        setAddressUnchecked(false);
        if (result.ok) {
          setAddressProblem(undefined);
          change({
            address: result.address,
            country: values.country || country || result.address.split(',')[0]!.trim(),
            ...(result.postcode ? { zip: result.postcode } : {}),
          });
          if (values.country === '') setCountryLocked(true);
        } else setAddressProblem(result.message);
      },
      () => {
        if (mine !== checkRun.current) return;
        setAddressProblem(undefined);
        setAddressUnchecked(true);
      },
    );
  };

  /** A saved address fills the address and the office, then is checked like a typed one. */
  const choose = (address: SavedAddress) => {
    setChoice(String(address.id));
    change({ address: address.address, room: address.apartment });
    check(address.address, null);
  };

  /** 'Новый адрес': nothing of the saved one stays (its office, the country and postcode its check brought). */
  const chooseNew = () => {
    checkRun.current += 1;
    setChoice('');
    setCountryLocked(false);
    setAddressProblem(undefined);
    setAddressUnchecked(false);
    change({ address: '', country: '', zip: '', room: '' });
  };

  const offered = offeredCentres(centres, values.address || null);
  return (
    <div className={styles.step}>
      <TextField label="Название клиники" {...boundText(props, 'address', 'company')} required />
      {saved.length > 0 ? (
        <SelectField
          label="Сохранённый адрес"
          value={choice}
          placeholder="Новый адрес"
          options={saved.map((address) => ({
            value: String(address.id),
            label: `${address.name}: ${address.address}`,
          }))}
          onChange={(event) => {
            const address = saved.find((entry) => String(entry.id) === event.target.value);
            if (address) choose(address);
            else chooseNew();
          }}
        />
      ) : null}
      {addAddress ? (
        <Button
          variant="link"
          onClick={() =>
            addAddress((address) => {
              setSaved((current) => [...current.filter((entry) => entry.id !== address.id), address]);
              choose(address);
            })
          }
        >
          Добавить адрес
        </Button>
      ) : null}
      <SuggestField<AddressSuggestion>
        label="Адрес"
        name="address"
        value={values.address}
        placeholder="Город, улица, дом"
        required
        onValueChange={(address) => {
          checkRun.current += 1;
          setAddressProblem(undefined);
          setAddressUnchecked(false);
          // Another address brings its own country.
          change(countryLocked ? { address, country: '' } : { address });
          setCountryLocked(false);
        }}
        fetchSuggestions={suggestAddresses}
        optionLabel={(suggestion) => suggestion.value}
        onPick={(suggestion) => {
          const zip = suggestion.data.postal_code;
          change(zip ? { address: suggestion.value, zip } : { address: suggestion.value });
          check(suggestion.value, suggestion.country);
        }}
        onLeave={(text) => check(text, null)}
        emptyMessage={ADDRESS_MESSAGES.nothingFound}
        failureMessage={ADDRESS_MESSAGES.suggestFailed}
        error={errors['address.address'] ?? addressProblem}
        hint={addressUnchecked ? ADDRESS_MESSAGES.unchecked : undefined}
      />
      <TextField
        label="Страна / регион"
        {...boundText(props, 'address', 'country')}
        readOnly={countryLocked}
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
      <SelectField
        label="Дата, когда забрать инструменты"
        required
        value={values.pickupDate}
        placeholder="Выберите дату"
        options={(days ?? []).map((day) => ({ value: day, label: formatPickupDay(day) }))}
        onChange={(event) => change({ pickupDate: event.target.value })}
        error={errors['address.pickup_date'] ?? (days?.length === 0 ? NO_PICKUP_DAYS : undefined)}
      />
      <SelectField
        label="Сервисный центр"
        required
        value={values.officeId}
        placeholder="Выберите сервисный центр"
        options={offered.map((centre) => ({ value: String(centre.id), label: `${centre.name} — ${centre.city}` }))}
        onChange={(event) => change({ officeId: event.target.value })}
        error={
          errors['address.office_id'] ??
          (centres.length > 0 && offered.length === 0 ? repairMessages.noCentre : loadProblem)
        }
      />
      {offered.length > 0 ? (
        <Button variant="link" aria-expanded={mapShown} onClick={() => setMapShown((shown) => !shown)}>
          {mapShown ? 'Скрыть карту' : 'Показать на карте'}
        </Button>
      ) : null}
      {mapShown && offered.length > 0 ? (
        <CentresChoiceMap
          centres={offered}
          onChoose={(centreId) => {
            change({ officeId: String(centreId) });
            setMapShown(false);
          }}
        />
      ) : null}
    </div>
  );
}

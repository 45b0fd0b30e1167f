import { useState } from 'react';
import type { ServiceCentre } from '#shared/screens/places.ts';
import {
  DEFAULT_PICKUP_CUTOFF_HOUR,
  NO_PICKUP_DAYS,
  pickupDays,
  type PickupCalendar,
} from '#shared/screens/pickup-days.ts';
import { repairMessages } from '#shared/screens/repair-requests.ts';
import { formatPickupDay } from '#shared/format/pickup-day.ts';
import { offeredCentres } from '#shared/screens/geo/service-centres.ts';
import { Button } from '#client/components/ui/button.tsx';
import { SelectField } from '#client/components/ui/select-field.tsx';
import { lazyComponent } from '#client/lib/lazy-component.tsx';
import { useRemote } from '#client/lib/use-remote.ts';
import { keptPickupCalendar } from './offline-copies.ts';
import type { StepProps } from './step-props.ts';
import styles from './repair.module.css';

// Leaflet comes only with the map, when asked for.
const CentresChoiceMap = lazyComponent(
  () => import('./centres-choice-map.tsx').then((module) => module.CentresChoiceMap),
  {
    fallback: <output className={styles.mapPlaceholder} aria-label="Загрузка карты" />,
  },
);

/**
 * Without the server's calendar, fetched or saved (no network: the request will wait in the outbox),
 * the weekdays after the default noon cut-off; the server checks the day against holidays when the
 * request arrives.
 */
const OFFLINE_CALENDAR: PickupCalendar = { cutoffHour: DEFAULT_PICKUP_CUTOFF_HOUR, closedDays: [] };

export interface PickupAndCentreProps extends Pick<StepProps, 'values' | 'errors' | 'change'> {
  /** Every centre; those offered depend on the address. */
  centres: ServiceCentre[];
  /** Why the centres could not be loaded. */
  loadProblem: string | undefined;
}

/** Step 2's day the courier comes and the centre that repairs (portal.md §2.1, §5), on a map if asked. */
export function PickupAndCentre({ values, errors, change, centres, loadProblem }: PickupAndCentreProps) {
  const [mapShown, setMapShown] = useState(false);
  /** null until the calendar is in (a moment): the select waits rather than offer a closed day. */
  const days = useRemote(() =>
    // Without the server's calendar (no network) the one saved before, else the offline one: the
    // select never stays empty for it.
    keptPickupCalendar({ orSaved: true })
      .catch(() => null)
      .then((calendar) => pickupDays(new Date(), calendar ?? OFFLINE_CALENDAR)),
  ).data;
  const offered = offeredCentres(centres, values.address || null);
  return (
    <>
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
    </>
  );
}

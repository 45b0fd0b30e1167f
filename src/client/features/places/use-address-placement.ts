import { useState } from 'react';
import { useLatestOnly } from '#client/lib/use-latest-only.ts';
import { ADDRESS_MESSAGES, type AddressSuggestion, type SavedAddress } from '#shared/screens/places.ts';
import { asApiError } from '#client/lib/http.ts';
import { checkAddress } from '#client/lib/screens/places-api.ts';
import { reverseGeocode } from './api.ts';
import type { MapPoint } from './address-map.tsx';

/** What the address check said of the address field: nothing yet, being checked, or why it is refused. */
/** 'unreachable': the provider could not be asked; the address may be saved as typed (the server marks it unchecked). */
export type CheckState =
  | { kind: 'unchecked' }
  | { kind: 'checking' }
  | { kind: 'ok' }
  | { kind: 'unreachable' }
  | { kind: 'refused'; message: string };

export const CHECK_HINTS: Partial<Record<CheckState['kind'], string>> = {
  unchecked: 'Начните вводить и выберите адрес из подсказок или на карте',
  checking: 'Проверяем адрес…',
  ok: 'Адрес найден',
  unreachable: `${ADDRESS_MESSAGES.unchecked}. Адрес можно сохранить как есть.`,
};

function pointOf(coordinates: string): MapPoint | null {
  const [latitude, longitude] = coordinates.split(',').map(Number);
  return latitude !== undefined &&
    longitude !== undefined &&
    Number.isFinite(latitude) &&
    Number.isFinite(longitude) &&
    coordinates !== ''
    ? { latitude, longitude }
    : null;
}

const suggestionPoint = (suggestion: AddressSuggestion): MapPoint | null =>
  suggestion.data.geo_lat && suggestion.data.geo_lon
    ? { latitude: Number(suggestion.data.geo_lat), longitude: Number(suggestion.data.geo_lon) }
    : null;

export interface AddressPlacementOutlet {
  /** Writes the address field (the provider's text of a pick or a check). */
  setAddress: (text: string) => void;
  /** The server's message under the address no longer applies. */
  clearServerAddress: () => void;
}

/**
 * Where a saved address is (cabinet.md §4, §5): its point on the map and what the provider's check
 * said of its text. A suggestion or a map tap writes the address and checks it; an answer for an
 * address no longer in the field is dropped.
 */
export function useAddressPlacement(address: SavedAddress | null, outlet: AddressPlacementOutlet) {
  const [point, setPoint] = useState<MapPoint | null>(address ? pointOf(address.coordinates) : null);
  const [check, setCheck] = useState<CheckState>(address ? { kind: 'ok' } : { kind: 'unchecked' });
  /** A late answer for an older check or text is dropped. */
  const checkRun = useLatestOnly();

  /** The spec's check of what the field says: exact is replaced by the provider's text, anything else explained. */
  const runCheck = (text: string) => {
    const isLatest = checkRun.begin();
    if (text.trim() === '') {
      setCheck({ kind: 'unchecked' });
      return;
    }
    setCheck({ kind: 'checking' });
    checkAddress(text.trim()).then(
      (result) => {
        if (!isLatest()) return;
        if (result.ok) {
          outlet.setAddress(result.address);
          setPoint((current) => current ?? { latitude: result.latitude, longitude: result.longitude });
          setCheck({ kind: 'ok' });
        } else {
          setCheck({ kind: 'refused', message: result.message });
        }
      },
      () => {
        if (isLatest()) setCheck({ kind: 'unreachable' });
      },
    );
  };

  const pickSuggestion = (suggestion: AddressSuggestion) => {
    outlet.setAddress(suggestion.value);
    outlet.clearServerAddress();
    setPoint(suggestionPoint(suggestion));
    runCheck(suggestion.value);
  };

  const pickOnMap = (picked: MapPoint) => {
    setPoint(picked);
    setCheck({ kind: 'checking' });
    const isLatest = checkRun.begin();
    reverseGeocode(picked.latitude, picked.longitude).then(
      ([nearest]) => {
        if (!isLatest()) return;
        if (!nearest) {
          setCheck({ kind: 'refused', message: 'Адрес не найден' });
          return;
        }
        outlet.setAddress(nearest.value);
        outlet.clearServerAddress();
        runCheck(nearest.value);
      },
      (caught: unknown) => {
        if (isLatest())
          setCheck({ kind: 'refused', message: asApiError(caught, ADDRESS_MESSAGES.geocodeFailed).message });
      },
    );
  };

  /** The text was typed over: what was checked is gone, and an answer on its way is for the old text. */
  const forget = () => {
    checkRun.drop();
    setCheck({ kind: 'unchecked' });
  };

  return { point, check, runCheck, pickSuggestion, pickOnMap, forget };
}

// The places calls that more than one feature makes (the address book, the repair wizard): saved
// addresses, the service centres, suggestions, the address check and the maps' tiles, through the one HTTP client.
import {
  checkAddressEndpoint,
  listAddresses,
  listServiceCentres,
  mapSettings,
  suggestAddresses as suggestAddressesEndpoint,
  type AddressSuggestion,
  type SavedAddress,
  type ServiceCentre,
} from '#shared/screens/places.ts';
import type { AddressCheck } from '#shared/screens/geo/address-check.ts';
import { callApi } from '../http.ts';

export const fetchSavedAddresses = async (signal?: AbortSignal): Promise<SavedAddress[]> =>
  (await callApi(listAddresses, { signal })).data;
export const fetchServiceCentres = async (signal?: AbortSignal): Promise<ServiceCentre[]> =>
  (await callApi(listServiceCentres, { signal })).data;
export const suggestAddresses = async (query: string): Promise<AddressSuggestion[]> =>
  (await callApi(suggestAddressesEndpoint, { input: { query } })).suggestions;
export const checkAddress = async (address: string): Promise<AddressCheck> =>
  (await callApi(checkAddressEndpoint, { input: { address } })).check;

/** The tiles every map draws (MAP_TILES_URL) and their attribution. */
export async function fetchMapSettings(): Promise<{ tilesUrl: string; attribution: string }> {
  const answer = await callApi(mapSettings);
  return { tilesUrl: answer.tiles_url, attribution: answer.attribution };
}

// The places calls (src/shared/api/places.ts) through the app's one HTTP client.
import {
  checkAddressEndpoint,
  deleteAddress as deleteAddressEndpoint,
  geocodeCoordinates,
  listAddresses,
  listServiceCentres,
  mapSettings,
  saveAddress as saveAddressEndpoint,
  suggestAddresses,
  type AddressForm,
  type AddressSuggestion,
  type SavedAddress,
  type ServiceCentre,
} from '#shared/api/places.ts';
import type { AddressCheck } from '#shared/geo/address-check.ts';
import { callApi } from '#client/lib/http.ts';

export async function fetchAddresses(): Promise<SavedAddress[]> {
  return (await callApi(listAddresses)).data;
}

export async function saveAddress(form: AddressForm): Promise<SavedAddress> {
  return (await callApi(saveAddressEndpoint, { input: form })).address;
}

export async function deleteAddress(id: number): Promise<void> {
  await callApi(deleteAddressEndpoint, { params: { id } });
}

export async function suggest(query: string): Promise<AddressSuggestion[]> {
  return (await callApi(suggestAddresses, { input: { query } })).suggestions;
}

export async function reverseGeocode(latitude: number, longitude: number): Promise<AddressSuggestion[]> {
  return (await callApi(geocodeCoordinates, { input: { lat: latitude.toFixed(6), lon: longitude.toFixed(6) } })).suggestions;
}

export async function checkAddress(address: string): Promise<AddressCheck> {
  return (await callApi(checkAddressEndpoint, { input: { address } })).check;
}

export async function fetchServiceCentres(): Promise<ServiceCentre[]> {
  return (await callApi(listServiceCentres)).data;
}

export async function fetchMapSettings(): Promise<{ tilesUrl: string; attribution: string }> {
  const answer = await callApi(mapSettings);
  return { tilesUrl: answer.tiles_url, attribution: answer.attribution };
}

// The address book's own calls (src/shared/screens/places.ts); the ones the wizard shares are in lib/screens/places-api.ts.
import {
  deleteAddress as deleteAddressEndpoint,
  geocodeCoordinates,
  saveAddress as saveAddressEndpoint,
  type AddressForm,
  type AddressSuggestion,
  type SavedAddress,
} from '#shared/screens/places.ts';
import { callApi } from '#client/lib/http.ts';

export async function saveAddress(form: AddressForm): Promise<SavedAddress> {
  return (await callApi(saveAddressEndpoint, { input: form })).address;
}

export async function deleteAddress(id: number): Promise<void> {
  await callApi(deleteAddressEndpoint, { params: { id } });
}

export async function reverseGeocode(latitude: number, longitude: number): Promise<AddressSuggestion[]> {
  return (await callApi(geocodeCoordinates, { input: { lat: latitude.toFixed(6), lon: longitude.toFixed(6) } }))
    .suggestions;
}

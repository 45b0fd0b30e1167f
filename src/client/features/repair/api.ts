// The wizard's calls (src/shared/api/repair-requests.ts, places.ts) through the app's one HTTP client.
import { IDEMPOTENCY_HEADER } from '#shared/api/headers.ts';
import {
  checkAddressEndpoint,
  listAddresses,
  listServiceCentres,
  suggestAddresses,
  type AddressSuggestion,
  type SavedAddress,
  type ServiceCentre,
} from '#shared/api/places.ts';
import { createRepairRequest, uploadRepairPhoto, type RepairRequestInput } from '#shared/api/repair-requests.ts';
import type { AddressCheck } from '#shared/geo/address-check.ts';
import { callApi, callApiWithForm } from '#client/lib/http.ts';

export async function sendRepairRequest(request: RepairRequestInput, key: string): Promise<number> {
  return (
    await callApi(createRepairRequest, {
      input: request,
      headers: { [IDEMPOTENCY_HEADER]: key },
    })
  ).ticket_id;
}

/** Uploads one photo (multipart); the answer's file id goes into the request. */
export async function uploadPhoto(file: File): Promise<{ fileId: number; name: string }> {
  const form = new FormData();
  form.set('file', file, file.name);
  const answer = await callApiWithForm(uploadRepairPhoto, form);
  return { fileId: answer.file_id, name: answer.name };
}

export const fetchSavedAddresses = async (): Promise<SavedAddress[]> => (await callApi(listAddresses)).data;
export const fetchCentres = async (): Promise<ServiceCentre[]> => (await callApi(listServiceCentres)).data;
export const suggest = async (query: string): Promise<AddressSuggestion[]> => (await callApi(suggestAddresses, { input: { query } })).suggestions;
export const checkAddress = async (address: string): Promise<AddressCheck> => (await callApi(checkAddressEndpoint, { input: { address } })).check;

// The wizard's own calls (src/shared/api/repair-requests.ts); the places calls are in lib/places-api.ts.
import { IDEMPOTENCY_HEADER } from '#shared/api/headers.ts';
import { createRepairRequest, uploadRepairPhoto, type RepairRequestInput } from '#shared/api/repair-requests.ts';
import { callApi, callApiWithForm } from '#client/lib/http.ts';

export async function sendRepairRequest(request: RepairRequestInput, key: string): Promise<number> {
  return (await callApi(createRepairRequest, { input: request, headers: { [IDEMPOTENCY_HEADER]: key } })).ticket_id;
}

/** Uploads one photo (multipart); the answer's file id goes into the request. */
export async function uploadPhoto(file: File): Promise<{ fileId: number; name: string }> {
  const form = new FormData();
  form.set('file', file, file.name);
  const answer = await callApiWithForm(uploadRepairPhoto, form);
  return { fileId: answer.file_id, name: answer.name };
}

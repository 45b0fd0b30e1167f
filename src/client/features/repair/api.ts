// The wizard's own calls (src/shared/screens/repair-requests.ts); the places calls are in lib/screens/places-api.ts.
import { confirmEmail, sendEmailConfirmationCode } from '#shared/api/account.ts';
import {
  confirmGuestCode,
  createGuestRepairRequest,
  createGuestRepairRequestWithPhotos,
  sendGuestCode,
  type GuestRepairRequestInput,
} from '#shared/screens/guest-requests.ts';
import { IDEMPOTENCY_HEADER } from '#shared/api/headers.ts';
import { queuedAnswer } from '#shared/screens/outbox.ts';
import {
  createRepairRequest,
  createRepairRequestWithPhotos,
  uploadRepairPhoto,
  type RepairRequestInput,
} from '#shared/screens/repair-requests.ts';
import { listAccessOwners, type AccessOwner } from '#shared/screens/accesses.ts';
import { callApi, callApiOr } from '#client/lib/http.ts';
import { refreshOutbox } from '#client/lib/sw-bridge.ts';

export type SendOutcome =
  /** The ticket was made. */
  | { ticketId: number; queued?: undefined }
  /** No network: the service worker keeps the request and sends it later (ADR 0010). */
  | { queued: { message: string; outboxId: string }; ticketId?: undefined };

/** The request as one of the two senders makes it: a logged-in clinic's, or a guest's (with the e-mail). */
export type WizardRequest =
  | { guest: false; input: RepairRequestInput }
  /** Sent through the guest endpoints: the account comes with the ticket (docs/api.md). */
  | { guest: true; input: GuestRepairRequestInput };

/**
 * Sends the request under the key of the user's press. Photos that could not be uploaded before
 * (a guest's: all of them) go with it in one multipart call, so the worker can keep a clinic's whole
 * request offline. A guest's request is never kept: the worker does not take the guest endpoints.
 */
export async function sendRepairRequest(
  request: WizardRequest,
  photos: ReadonlyArray<{ file: Blob; name: string }>,
  key: string,
): Promise<SendOutcome> {
  const headers = { [IDEMPOTENCY_HEADER]: key };
  let answer;
  if (photos.length > 0) {
    const form = new FormData();
    form.set('request', JSON.stringify(request.input));
    for (const photo of photos) form.append('photo', photo.file, photo.name);
    const endpoint = request.guest ? createGuestRepairRequestWithPhotos : createRepairRequestWithPhotos;
    answer = await callApiOr(endpoint, { first: queuedAnswer, form, headers });
  } else if (request.guest) {
    answer = await callApiOr(createGuestRepairRequest, { first: queuedAnswer, input: request.input, headers });
  } else {
    answer = await callApiOr(createRepairRequest, { first: queuedAnswer, input: request.input, headers });
  }
  if (answer.first) {
    void refreshOutbox();
    return { queued: { message: answer.first.message, outboxId: answer.first.outbox_id } };
  }
  return { ticketId: answer.output.ticket_id };
}

/** Uploads one photo (multipart); the answer's file id goes into the request. */
export async function uploadPhoto(file: File): Promise<{ fileId: number; name: string }> {
  const form = new FormData();
  form.set('file', file, file.name);
  const answer = await callApi(uploadRepairPhoto, { form });
  return { fileId: answer.file_id, name: answer.name };
}

/** Mails a code to the account's e-mail; a refusal because one was just sent still means a code is on its way. */
export async function sendEmailCode(): Promise<string> {
  return (await callApi(sendEmailConfirmationCode, { input: {} })).message;
}

export async function confirmEmailCode(code: string): Promise<void> {
  await callApi(confirmEmail, { input: { code } });
}

/** A guest's code (the wizard's step 1): mailed to the typed e-mail, bound to this browser (docs/api.md). */
export async function sendGuestEmailCode(email: string, resend: boolean): Promise<string> {
  return (await callApi(sendGuestCode, { input: { email, resend } })).message;
}

export async function confirmGuestEmailCode(email: string, code: string): Promise<void> {
  await callApi(confirmGuestCode, { input: { email, code } });
}

/** The clinics that gave this account access ('Оставить заявку от имени клиники', issue 41). */
export async function fetchAccessOwners(signal?: AbortSignal): Promise<AccessOwner[]> {
  return (await callApi(listAccessOwners, { signal })).data;
}

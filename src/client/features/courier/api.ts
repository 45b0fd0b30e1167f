import { IDEMPOTENCY_HEADER } from '#shared/api/headers.ts';
import { queuedAnswer } from '#shared/screens/outbox.ts';
import {
  getCourierStop,
  listCourierStops,
  stopDone,
  stopDoneWithPhotos,
  stopEnRoute,
  stopFailed,
  uploadCourierPhoto,
  type CourierStop,
} from '#shared/screens/courier.ts';
import type { EtaMinutes, StopFailReason } from '#shared/dictionaries/courier-stops.ts';
import { getContacts } from '#shared/screens/contacts.ts';
import { callApi, callApiOr } from '#client/lib/http.ts';
import { refreshOutbox } from '#client/lib/sw-bridge.ts';

// The courier's calls (src/shared/screens/courier.ts). The three actions carry the tap's
// Idempotency-Key and time: with no network the service worker keeps them (ADR 0010, 0047) and
// answers 202 "queued"; the card then shows 'Ожидает отправки' until the outbox reports them sent.

export async function loadDay(date: string, signal: AbortSignal): Promise<CourierStop[]> {
  return (await callApi(listCourierStops, { input: { date }, signal })).stops;
}

/** The service centre's phone for 'Ещё', or null when the portal knows none. */
export async function loadSupportPhone(signal: AbortSignal): Promise<string | null> {
  return (await callApi(getContacts, { signal })).support_phone;
}

export async function loadStop(id: number, signal: AbortSignal): Promise<CourierStop> {
  return (await callApi(getCourierStop, { params: { id }, signal })).stop;
}

/** A fresh key (8–200 of A–Z a–z 0–9 _ - : .); randomUUID is missing outside secure contexts. */
export function newActionKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** The server's stop after the action, or `queued` when the worker kept it for later. */
export type ActionOutcome = { stop: CourierStop; queued?: undefined } | { queued: true; stop?: undefined };

export interface DoneInput {
  instruments: { id: number; collected: boolean }[];
  person: string;
  /** Photos uploaded before ('Подтвердить' names them). */
  photoFileIds: number[];
  /** Photos taken with no connection: they go with the action in one call, which the worker keeps whole (ADR 0051). */
  photos: File[];
}

export interface FailedInput {
  reason: StopFailReason;
  comment: string;
}

export type StopAction =
  | { type: 'en-route'; etaMinutes: EtaMinutes }
  | { type: 'done'; done: DoneInput }
  | { type: 'failed'; failed: FailedInput };

/** Sends one action under the tap's key and time. */
export async function sendStopAction(
  stopId: number,
  action: StopAction,
  key: string,
  at: string,
): Promise<ActionOutcome> {
  const headers = { [IDEMPOTENCY_HEADER]: key };
  let answer;
  switch (action.type) {
    case 'en-route':
      answer = await callApiOr(stopEnRoute, {
        first: queuedAnswer,
        input: { stop_id: stopId, eta_minutes: action.etaMinutes, at },
        headers,
      });
      break;
    case 'done': {
      const input = {
        stop_id: stopId,
        instruments: action.done.instruments,
        person: action.done.person,
        photo_file_ids: action.done.photoFileIds,
        at,
      };
      if (action.done.photos.length > 0) {
        const form = new FormData();
        form.set('request', JSON.stringify(input));
        for (const photo of action.done.photos) form.append('photo', photo, photo.name);
        answer = await callApiOr(stopDoneWithPhotos, { first: queuedAnswer, form, headers });
      } else answer = await callApiOr(stopDone, { first: queuedAnswer, input, headers });
      break;
    }
    case 'failed':
      answer = await callApiOr(stopFailed, {
        first: queuedAnswer,
        input: { stop_id: stopId, reason: action.failed.reason, comment: action.failed.comment, at },
        headers,
      });
      break;
  }
  if (answer.first) {
    void refreshOutbox();
    return { queued: true };
  }
  return { stop: answer.output.stop };
}

/** Uploads the photo of a hand-over; its file id goes with 'Подтвердить'. With no network the photo stays on the phone and goes with the action. */
export async function uploadStopPhoto(file: File): Promise<number> {
  const form = new FormData();
  form.set('file', file, file.name);
  return (await callApi(uploadCourierPhoto, { form })).file_id;
}

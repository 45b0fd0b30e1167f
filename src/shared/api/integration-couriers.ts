import * as v from 'valibot';
import { object } from './object.ts';
import { positiveInt4 } from './ids.ts';
import { integerOut } from './integration.ts';
import { isCalendarDay } from './integration-pickup.ts';
import { emailField, passwordField } from '../validation/fields.ts';
import { messages } from '../validation/messages.ts';
import { STOP_FAIL_REASONS, STOP_KINDS, STOP_STATES } from '../dictionaries/courier-stops.ts';

// The back office's couriers and their stops (API.md §Added for the fourth wave; docs/api.md "Couriers and stops").
// Answers are plain JSON, like the rest of /api/v1.

export const courierMessages = {
  id: 'Ожидается целый положительный идентификатор',
  courierNotFound: 'Курьер не найден',
  courierSwitchedOff: 'Курьер отключён: назначьте другого',
  ticketNotFound: 'Заявка не найдена',
  day: 'Ожидается дата в формате ГГГГ-ММ-ДД, например "2026-03-02"',
  window: 'Окно — "ЧЧ:ММ-ЧЧ:ММ", начало раньше конца, например "10:00-13:00"',
  position: 'Порядок — целое число от 1 до 10000',
  kind: 'Вид остановки: "pickup" (забрать) или "return" (привезти)',
  coordinates: 'Координаты — "широта,долгота", например "55.7558,37.6173"',
  addressRequired: 'Укажите адрес: заявка создана не в портале, и адреса в ней нет',
  contactRequired: 'Укажите контакт: заявка создана не в портале, и контакта в ней нет',
  boolean: 'Ожидается true или false',
  nothingToChange: 'Укажите хотя бы одно поле для изменения',
  stopFinished: 'Остановка уже выполнена курьером: её нельзя изменить',
} as const;

const text = (max: number) =>
  v.pipe(v.string(messages.required), v.trim(), v.nonEmpty(messages.required), v.maxLength(max, messages.tooLong));
const optionalText = (max: number) =>
  v.optional(v.pipe(v.string(messages.required), v.trim(), v.maxLength(max, messages.tooLong)), '');

const idField = positiveInt4(courierMessages.id);

/** A calendar day, 'YYYY-MM-DD' (Moscow): the day of a stop. */
export const dayField = v.pipe(
  v.string(courierMessages.day),
  v.check(isCalendarDay, courierMessages.day),
  v.metadata({ format: 'date', pattern: '^\\d{4}-\\d{2}-\\d{2}$' }),
);

const WINDOW = /^([01]\d|2[0-3]):([0-5]\d)-([01]\d|2[0-3]):([0-5]\d)$/;

/** 'HH:MM-HH:MM' with the start before the end: the hours the clinic expects the courier. */
export const windowField = v.pipe(
  v.string(courierMessages.window),
  // One check, so a malformed window gets one message, not the format's and the order's.
  v.check((value) => WINDOW.test(value) && value.slice(0, 5) < value.slice(6), courierMessages.window),
  v.metadata({ pattern: WINDOW.source, description: '"HH:MM-HH:MM", the start before the end' }),
);

const positionField = v.pipe(
  v.number(courierMessages.position),
  v.integer(courierMessages.position),
  v.minValue(1, courierMessages.position),
  v.maxValue(10_000, courierMessages.position),
);

// ── Couriers ────────────────────────────────────────────────────────────────────────────────────

const nameField = text(60);

export const createCourierInput = object({
  email: emailField,
  name: nameField,
  surname: nameField,
  phone: text(30),
  password: v.optional(passwordField),
});
export type CreateCourierInput = v.InferOutput<typeof createCourierInput>;

export const patchCourierInput = v.pipe(
  object({
    name: v.optional(nameField),
    surname: v.optional(nameField),
    phone: v.optional(text(30)),
    /** false switches the courier off: its sessions end at once and it cannot log in. */
    active: v.optional(v.boolean(courierMessages.boolean)),
  }),
  v.check((input) => Object.values(input).some((value) => value !== undefined), courierMessages.nothingToChange),
  v.metadata({ minProperties: 1 }),
);
export type PatchCourierInput = v.InferOutput<typeof patchCourierInput>;

export const courierOutput = object({
  id: integerOut,
  email: v.string(),
  name: v.string(),
  surname: v.string(),
  phone: v.nullable(v.string()),
  active: v.boolean(),
  created_at: v.string(),
});
export type CourierOut = v.InferOutput<typeof courierOutput>;
export const listCouriersOutput = object({ couriers: v.array(courierOutput) });

// ── Stops ───────────────────────────────────────────────────────────────────────────────────────

export const stopAddressInput = object({
  address: text(300),
  room: optionalText(50),
  comment: optionalText(300),
  /** "lat,lon" of the point the courier's map opens; null or absent when nobody checked it. */
  coordinates: v.optional(
    v.nullable(
      v.pipe(
        v.string(courierMessages.coordinates),
        v.regex(/^-?\d{1,2}(?:\.\d{1,12})?,-?\d{1,3}(?:\.\d{1,12})?$/, courierMessages.coordinates),
      ),
    ),
    null,
  ),
});

export const stopContactInput = object({ name: text(120), phone: text(30) });

export const createStopInput = object({
  ticket_id: idField,
  kind: v.picklist(STOP_KINDS, courierMessages.kind),
  courier_id: idField,
  date: dayField,
  /** The place in the courier's day; absent: after the day's last stop. */
  position: v.optional(positionField),
  window: v.optional(v.nullable(windowField), null),
  /** Required when the ticket was not made from a portal request; else the request's address is taken. */
  address: v.optional(stopAddressInput),
  /** Required when the ticket was not made from a portal request; else the request's contact is taken. */
  contact: v.optional(stopContactInput),
  comment: v.optional(v.nullable(v.pipe(v.string(), v.trim(), v.maxLength(1000, messages.tooLong))), null),
});
export type CreateStopInput = v.InferOutput<typeof createStopInput>;

export const patchStopInput = v.pipe(
  object({
    courier_id: v.optional(idField),
    date: v.optional(dayField),
    position: v.optional(positionField),
    /** null removes the window. */
    window: v.optional(v.nullable(windowField)),
    /** true cancels the stop (the courier's queued actions on it are refused), false restores it. */
    cancelled: v.optional(v.boolean(courierMessages.boolean)),
  }),
  v.check((input) => Object.values(input).some((value) => value !== undefined), courierMessages.nothingToChange),
  v.metadata({ minProperties: 1 }),
);
export type PatchStopInput = v.InferOutput<typeof patchStopInput>;

export const listStopsQuery = object({
  /** Absent: today in Moscow. */
  date: v.optional(dayField),
  courier_id: v.optional(
    v.pipe(
      v.string(courierMessages.id),
      v.regex(/^[1-9]\d{0,9}$/, courierMessages.id),
      v.transform(Number),
      // The number the digits make: what the OpenAPI document describes the parameter as.
      idField,
    ),
  ),
});

const moment = v.pipe(v.string(), v.metadata({ format: 'date-time' }));

/** 'Забрал' / 'Доставил': what the courier handed over or took, to whom, with its photos (also `stop.done`'s). */
export const stopDoneOutcome = v.object({
  instruments: v.array(v.object({ id: integerOut, collected: v.boolean() })),
  person: v.string(),
  photo_file_ids: v.array(integerOut),
});
/** 'Не застал': why nobody was met (also `stop.failed`'s). */
export const stopFailedOutcome = v.object({ reason: v.picklist(STOP_FAIL_REASONS), comment: v.string() });

const stopAddressOutput = object({
  address: v.string(),
  room: v.string(),
  comment: v.string(),
  coordinates: v.nullable(v.string()),
});

export const stopOutput = object({
  id: integerOut,
  ticket_id: integerOut,
  client_id: integerOut,
  kind: v.picklist(STOP_KINDS),
  courier_id: integerOut,
  /** False once the courier was switched off: give the stop to another. */
  courier_active: v.boolean(),
  date: dayField,
  position: integerOut,
  window: v.nullable(windowField),
  address: stopAddressOutput,
  contact: object({ name: v.string(), phone: v.string() }),
  comment: v.nullable(v.string()),
  state: v.picklist(STOP_STATES),
  cancelled: v.boolean(),
  en_route_at: v.nullable(moment),
  eta_at: v.nullable(moment),
  /** When it was done or failed. */
  finished_at: v.nullable(moment),
  /** done: the hand-over; failed: why nobody was met; else null. */
  outcome: v.nullable(v.union([stopDoneOutcome, stopFailedOutcome])),
});
export type StopOut = v.InferOutput<typeof stopOutput>;
export const listStopsOutput = object({ stops: v.array(stopOutput) });
export const changedOutput = object({ id: integerOut, changed: v.array(v.string()) });

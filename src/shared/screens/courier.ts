import * as v from 'valibot';
import { defineEndpoint, okResponse } from '../api/endpoint.ts';
import { object } from '../api/object.ts';
import { positiveInt4 } from '../api/ids.ts';
import { serverTimestamp } from '../api/query.ts';
import { pageMoment } from './page-moment.ts';
import { messages } from '../validation/messages.ts';
import {
  ETA_CHOICES,
  STOP_FAIL_REASONS,
  STOP_KINDS,
  STOP_STATES,
  type StopFailReason,
} from '../dictionaries/courier-stops.ts';

// The courier's day (API.md §Added for the fourth wave; docs/api.md "The courier's calls"): the own stops from
// yesterday to a week ahead, and the three actions on a stop. Every action carries an
// Idempotency-Key made at the tap (the service worker's outbox replays it) and names the stop in the
// body, so one key is one action on one stop.

export const courierMessages = {
  day: 'Ожидается дата в формате ГГГГ-ММ-ДД',
  dayOutOfRange: 'Маршрут доступен со вчерашнего дня и на неделю вперёд',
  stop: 'Остановка не найдена',
  eta: 'Выберите, когда вы будете на месте: через 15 мин, 30 мин или 1 час',
  reason: 'Выберите причину',
  commentRequired: 'Опишите причину',
  person: 'Укажите, кто передал или принял инструменты',
  instruments: 'Отметьте инструменты по списку заявки',
  /** 'Забрал' with every instrument unticked: nothing was handed over, so it is a visit that failed. */
  noneCollected: 'Отметьте хотя бы один инструмент. Если не забрали ни одного — «Не застал»',
  /** 'Доставил' with every instrument unticked. */
  noneDelivered: 'Отметьте хотя бы один инструмент. Если не отдали ни одного — «Не застал»',
  photo: 'Фото не найдено: загрузите его ещё раз',
  tooManyPhotos: 'Не более 5 фото',
  /** A multipart 'Забрал' / 'Доставил' without its `request` part (the outbox's form of the call). */
  requestPart: 'Не передана отметка (поле request)',
  /** The worker keeps at most this much of photos with an action (as with a repair request, ADR 0015). */
  offlinePhotos: 'Без связи к отметке можно приложить фото до 20 Мб. Уберите фото или подтвердите без него.',
  photoType: 'Фото должно быть в формате JPEG или PNG',
  photoSize: 'Фото должно быть меньше 10 Мб',
  /** 409: the back office cancelled the stop while the action waited (offline). */
  cancelled: 'Остановка отменена сервисным центром',
  /** 409: the back office gave the stop to another courier while the action waited. */
  reassigned: 'Остановка передана другому курьеру',
  /** 422: the tap's time is ahead of the server's by more than a phone's clock may drift. */
  tapInFuture: 'Часы телефона спешат: проверьте дату и время в настройках телефона и отметьте ещё раз',
  /** 409: the stop was already marked done or failed (another tap, another device). */
  finished: 'Остановка уже отмечена как выполненная или несостоявшаяся',
} as const;

/** Why a hand-over with nothing ticked is refused: the page and the server say the same. */
export const noneHandedOverMessage = (kind: CourierStop['kind']) =>
  kind === 'pickup' ? courierMessages.noneCollected : courierMessages.noneDelivered;

/**
 * Why a stop of another day cannot be marked (409; the card says it instead of the actions): a stop
 * is marked on its own date, in Moscow. `day` is the day of the tap, `date` the stop's ('YYYY-MM-DD').
 */
export function stopOffDayMessage(date: string, day: string): string {
  const shown = `${date.slice(8, 10)}.${date.slice(5, 7)}`;
  return date > day
    ? `Остановка запланирована на ${shown}: отметить её можно в этот день.`
    : `Остановка была запланирована на ${shown}: отметить её можно было только в этот день. Сервисный центр назначит новую дату.`;
}

/** Photos one hand-over may carry (uploaded before, or sent with it). */
export const STOP_PHOTOS_MAX = 5;
/** One photo's bytes at most: a repair photo's (repair-requests.ts PHOTO_MAX_BYTES; not imported, so the courier's chunk does not pull the wizard's contract). */
export const STOP_PHOTO_MAX_BYTES = 10_485_760;

/** 'YYYY-MM-DD' as a query parameter; the range is the server's to judge (yesterday … +7 days, Moscow). */
const dayParam = v.pipe(v.string(courierMessages.day), v.regex(/^\d{4}-\d{2}-\d{2}$/, courierMessages.day));

const instrumentOut = v.object({
  id: v.number(),
  serial_number: v.string(),
  type: v.number(),
  /** The type's name ('Турбина'…). */
  type_name: v.string(),
  /** The clinic's own name of a 'Свой вариант'. */
  name: v.nullable(v.string()),
  description: v.string(),
  /** 'На гарантии'. */
  guarantee: v.boolean(),
});

const photoOut = v.object({ id: v.number(), url: v.string() });

export const courierStop = v.object({
  id: v.number(),
  /** The stop's number in the day, 1…, in the back office's order. */
  number: v.number(),
  ticket_id: v.number(),
  kind: v.picklist(STOP_KINDS),
  state: v.picklist(STOP_STATES),
  /** 'YYYY-MM-DD'. */
  date: v.string(),
  /** 'HH:MM-HH:MM' or null. */
  window: v.nullable(v.string()),
  clinic: v.object({ name: v.string() }),
  address: v.object({
    address: v.string(),
    room: v.string(),
    comment: v.string(),
    /** "lat,lon" of the checked point ('Открыть в картах'); null when unchecked. */
    coordinates: v.nullable(v.string()),
  }),
  contact: v.object({ name: v.string(), phone: v.string() }),
  comment: v.nullable(v.string()),
  instruments: v.array(instrumentOut),
  /** The photos the clinic sent with its request. */
  photos: v.array(photoOut),
  /** When the courier said it would arrive ('Еду'), Moscow time. */
  eta_at: v.nullable(serverTimestamp),
  /** When it was done or failed, Moscow time. */
  finished_at: v.nullable(serverTimestamp),
  done: v.nullable(
    v.object({
      instruments: v.array(v.object({ id: v.number(), collected: v.boolean() })),
      person: v.string(),
      photos: v.array(photoOut),
    }),
  ),
  failed: v.nullable(v.object({ reason: v.picklist(STOP_FAIL_REASONS), comment: v.string() })),
});
export type CourierStop = v.InferOutput<typeof courierStop>;

/** The courier's stops of one day (default today, Moscow), in order; cancelled ones are not listed. */
export const listCourierStops = defineEndpoint({
  method: 'GET',
  path: '/ajax/courier/stops',
  input: v.object({ date: v.optional(dayParam) }),
  output: okResponse({ date: v.string(), stops: v.array(courierStop) }),
});

/** One of the courier's stops (its card), in the same window of days. */
export const getCourierStop = defineEndpoint({
  method: 'GET',
  path: '/ajax/courier/stops/:id',
  output: okResponse({ stop: courierStop }),
});

const stopId = positiveInt4(courierMessages.stop);

/**
 * When the courier tapped (ISO 8601): an action replayed from the offline outbox is dated by it, not
 * by its arrival, and the tap must fall on the stop's date. A moment older than the outbox keeps
 * anything counts as now; one ahead of the server by more than a clock's drift is refused.
 */
const tappedAt = pageMoment;

/** 'Еду': the clinic is told when to expect the courier; `stop.en_route`. Again later: a new time. */
export const stopEnRoute = defineEndpoint({
  method: 'POST',
  path: '/ajax/courier/stops/en-route',
  input: object({
    stop_id: stopId,
    eta_minutes: v.picklist(ETA_CHOICES, courierMessages.eta),
    at: tappedAt,
  }),
  output: okResponse({ stop: courierStop }),
});

/** 'Забрал' / 'Доставил': the checklist, who handed over or received, an optional photo; `stop.done`. */
export const stopDone = defineEndpoint({
  method: 'POST',
  path: '/ajax/courier/stops/done',
  input: object({
    stop_id: stopId,
    /** Every instrument of the ticket, ticked (`collected: true`) or not. */
    instruments: v.pipe(
      v.array(
        object({ id: positiveInt4(courierMessages.instruments), collected: v.boolean() }),
        courierMessages.instruments,
      ),
      v.minLength(1, courierMessages.instruments),
      v.maxLength(200, courierMessages.instruments),
    ),
    person: v.pipe(
      v.string(courierMessages.person),
      v.trim(),
      v.nonEmpty(courierMessages.person),
      v.maxLength(120, messages.tooLong),
    ),
    /** Photos uploaded with POST /ajax/courier/photos. */
    photo_file_ids: v.optional(
      v.pipe(v.array(positiveInt4(courierMessages.photo)), v.maxLength(STOP_PHOTOS_MAX, courierMessages.tooManyPhotos)),
      [],
    ),
    at: tappedAt,
  }),
  output: okResponse({ stop: courierStop }),
});

/**
 * 'Забрал' / 'Доставил' with the photos that could not be uploaded first (no network), in one
 * multipart call: the field `request` holds the JSON of `stopDone`'s input, each field `photo` one
 * file (checked as an upload is; with `photo_file_ids`, at most STOP_PHOTOS_MAX). The photos and the
 * action are one transaction under the Idempotency-Key, which covers the photos' contents. The
 * service worker keeps the call whole (IndexedDB) and replays it byte for byte, as a repair request's
 * (ADR 0015, 0051).
 */
export const stopDoneWithPhotos = defineEndpoint({
  method: 'POST',
  path: '/ajax/courier/stops/done-with-photos',
  output: okResponse({ stop: courierStop }),
});

/** 'Не застал' with a reason ('Другое' needs a comment); `stop.failed`. */
export const stopFailed = defineEndpoint({
  method: 'POST',
  path: '/ajax/courier/stops/failed',
  input: v.pipe(
    object({
      stop_id: stopId,
      reason: v.picklist(STOP_FAIL_REASONS, courierMessages.reason),
      comment: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(500, messages.tooLong)), ''),
      at: tappedAt,
    }),
    v.forward(
      v.partialCheck(
        [['reason'], ['comment']],
        (input: { reason: StopFailReason; comment: string }) => input.reason !== 'other' || input.comment !== '',
        courierMessages.commentRequired,
      ),
      ['comment'],
    ),
  ),
  output: okResponse({ stop: courierStop }),
});

/** A photo for 'Забрал' / 'Доставил' (multipart field `file`; JPEG, PNG, TIFF or BMP up to 10 MB), before the action names it. */
export const uploadCourierPhoto = defineEndpoint({
  method: 'POST',
  path: '/ajax/courier/photos',
  output: okResponse({ file_id: v.number(), name: v.string(), size: v.number() }),
});

/** Where a stop's photo is served to its courier (GET, the stored bytes). */
export const courierFilePath = (id: number) => `/ajax/courier/files/${id}`;

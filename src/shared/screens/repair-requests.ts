import * as v from 'valibot';
import { CUSTOM_INSTRUMENT_TYPE, INSTRUMENT_TYPES } from '../dictionaries/instruments.ts';
import { messages } from '../validation/messages.ts';
import { phoneField, requiredText } from '../validation/fields.ts';
import { defineEndpoint, okResponse } from '../api/endpoint.ts';
import { object } from '../api/object.ts';
import { cleanText } from '../validation/invisible-characters.ts';
import { pageMoment } from './page-moment.ts';

// A repair request made in the portal (portal.md §2.1 wizard, §2.2 main form, §3, §5; API.md
// "Repair requests made in the portal"): photos are uploaded first, one call each, then the request
// names them. The request carries an Idempotency-Key made when 'Отправить заявку' was pressed.

export { CUSTOM_INSTRUMENT_TYPE };
export const PHOTO_MAX_BYTES = 10_485_760;
export const PHOTO_EXTENSIONS = ['jpg', 'jpeg', 'png', 'tiff', 'bmp'] as const;
export const MAX_PHOTOS = 10;
export const MAX_INSTRUMENTS = 30;
/** The equipment dialog of the main form asks for a description this long at least (portal.md §4.1). */
export const DIALOG_DESCRIPTION_MIN = 10;
/**
 * Photos that could not be uploaded (no network) go with the request in one call, and the service
 * worker keeps that call whole until the network returns: at most this much, so an outbox of
 * several requests stays well inside a phone's storage quota.
 */
export const OFFLINE_PHOTOS_MAX_BYTES = 20 * 1024 * 1024;

/** The address comment's length (portal.md §3); the form counts down to it. */
export const ADDRESS_COMMENT_MAX = 30;

export const repairMessages = {
  required: messages.required,
  fileType: 'Файл недопустимого формата',
  fileSize: 'Файл должен быть меньше 10 Мб',
  fileFailed: 'Файл не был загружен',
  consentPolicy: messages.consentPolicy,
  consentLoyalty: 'Согласие с правилами программы лояльности обязательно',
  zip: 'Индекс: только буквы и цифры',
  comment: 'Не более 30 символов',
  pickupDate: 'Выберите рабочий день в ближайшие 7 дней',
  noCentre: 'Этот сервисный центр не принимает заявки с этого адреса. Выберите другой.',
  centreNotFound: 'Сервисный центр не найден',
  photoNotFound: 'Фото не найдено: загрузите его ещё раз',
  tooManyPhotos: `Не более ${MAX_PHOTOS} фото`,
  instrumentsRequired: 'Добавьте хотя бы один инструмент',
  tooManyInstruments: `Не более ${MAX_INSTRUMENTS} инструментов в одной заявке`,
  instrumentType: 'Выберите тип инструмента',
  descriptionMax: 'Максимальная длина 1000 символов',
  /** The main form's equipment dialog (portal.md §4.1): its own words, and a description of 10–1000 characters. */
  dialogRequired: messages.requiredField,
  descriptionMin: 'Минимум 10 символов',
  offlinePhotos:
    'Без связи к заявке можно приложить фото общим размером до 20 Мб. Уберите часть фото или отправьте заявку, когда появится связь.',
  /** A guest's photos all go with the request (no account to upload to): the same 20 MB as the outbox's. */
  photosTotal: 'К заявке можно приложить фото общим размером до 20 Мб. Уберите часть фото.',
  requestPart: 'Не передана заявка (поле request)',
  /** The server's refusal (422) of an account whose e-mail is not confirmed (the wizard asks for the code first). */
  emailNotConfirmed: 'Подтвердите e-mail, чтобы отправить заявку: код подтверждения придёт на вашу почту',
} as const;

/** Repair requests one account may send in an hour: a clinic sends a few a day, a script hundreds. */
export const REPAIR_REQUESTS_PER_HOUR = 20;

export const tooManyRepairRequestsMessage = (retryAfterSeconds: number) =>
  `Не более ${REPAIR_REQUESTS_PER_HOUR} заявок в час. Попробуйте через ${Math.max(1, Math.ceil(retryAfterSeconds / 60))} мин.`;

const int4Id = v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(2_147_483_647));

const instrument = object({
  serial_number: requiredText(100),
  type: v.pipe(
    v.number(repairMessages.instrumentType),
    v.integer(repairMessages.instrumentType),
    v.check((code) => code in INSTRUMENT_TYPES, repairMessages.instrumentType),
  ),
  /** Required for 'Свой вариант' only. */
  name: v.optional(v.nullable(v.pipe(v.string(), cleanText(), v.maxLength(200, messages.tooLong))), null),
  description: v.pipe(requiredText(1000, messages.required), v.maxLength(1000, repairMessages.descriptionMax)),
  guarantee: v.optional(v.boolean(), false),
});

/** Who to call about the request; a guest's request adds the e-mail (src/shared/screens/guest-requests.ts). */
export const repairContactEntries = {
  name: requiredText(60),
  surname: requiredText(60),
  phone: phoneField,
};

/** The request's fields beside the contact, shared with a guest's request. */
export const repairRequestEntries = {
  address: object({
    company: requiredText(200),
    address: requiredText(300),
    country: requiredText(100),
    zip: v.pipe(requiredText(12), v.regex(/^[\p{L}\d]+$/u, repairMessages.zip)),
    room: v.optional(v.pipe(v.string(), cleanText(), v.maxLength(50, messages.tooLong)), ''),
    message: v.optional(v.pipe(v.string(), cleanText(), v.maxLength(ADDRESS_COMMENT_MAX, repairMessages.comment)), ''),
    /** YYYY-MM-DD. */
    pickup_date: v.pipe(v.string(repairMessages.pickupDate), v.regex(/^\d{4}-\d{2}-\d{2}$/, repairMessages.pickupDate)),
    office_id: v.pipe(
      v.number(repairMessages.centreNotFound),
      v.integer(repairMessages.centreNotFound),
      v.minValue(1, repairMessages.centreNotFound),
      v.maxValue(2_147_483_647, repairMessages.centreNotFound),
    ),
    /** "latitude,longitude" of the address, when known. */
    coordinates: v.optional(
      v.nullable(v.pipe(v.string(), v.regex(/^-?\d{1,2}(?:\.\d{1,12})?,-?\d{1,3}(?:\.\d{1,12})?$/))),
      null,
    ),
  }),
  instruments: v.pipe(
    v.array(instrument, repairMessages.instrumentsRequired),
    v.minLength(1, repairMessages.instrumentsRequired),
    v.maxLength(MAX_INSTRUMENTS, repairMessages.tooManyInstruments),
  ),
  file_ids: v.optional(v.pipe(v.array(int4Id), v.maxLength(MAX_PHOTOS, repairMessages.tooManyPhotos)), []),
  approval_policy: v.optional(v.boolean(), false),
  approval_loyalty: v.optional(v.boolean(), false),
  /**
   * When 'Отправить заявку' was pressed (ISO 8601), kept with the Idempotency-Key: the pickup day
   * is judged as of then, so the offline outbox's replay a day later is not refused for the
   * cut-off (src/shared/screens/pickup-days.ts). Absent: now.
   */
  made_at: pageMoment,
};

/** 'Свой вариант' needs its name (a check of the whole request, reported on `instruments`). */
export const customInstrumentsNamed = (input: {
  instruments: ReadonlyArray<{ type: number; name: string | null }>;
}): boolean => input.instruments.every((item) => item.type !== CUSTOM_INSTRUMENT_TYPE || (item.name ?? '') !== '');

export const repairRequestInput = v.pipe(
  object({
    contact: object(repairContactEntries),
    ...repairRequestEntries,
    /**
     * 'Оставить заявку от имени клиники' (issue 41): the clinic that gave the caller access with
     * 'Заявки и согласования' or 'Только заявки'; the request lands in its tickets with the caller as
     * the contact. Absent or null: the caller's own.
     */
    for_client_id: v.optional(v.nullable(int4Id)),
  }),
  v.forward(
    v.check((input) => customInstrumentsNamed(input), messages.required),
    ['instruments'],
  ),
);
export type RepairRequestInput = v.InferInput<typeof repairRequestInput>;
export type RepairRequestValues = v.InferOutput<typeof repairRequestInput>;

export const createRepairRequest = defineEndpoint({
  method: 'POST',
  path: '/ajax/repair-requests',
  input: repairRequestInput,
  output: okResponse({ ticket_id: v.number() }),
});

/** One photo (multipart field `file`), before the request that names it. */
export const uploadRepairPhoto = defineEndpoint({
  method: 'POST',
  path: '/ajax/repair-requests/photos',
  output: okResponse({ file_id: v.number(), name: v.string(), size: v.number() }),
});

/**
 * The request and the photos it still needs uploaded, in one multipart call: the field `request`
 * holds the JSON of `repairRequestInput`, each field `photo` one file (checked as an upload is).
 * The wizard uses it when photos could not be uploaded first; the offline outbox replays it whole.
 */
export const createRepairRequestWithPhotos = defineEndpoint({
  method: 'POST',
  path: '/ajax/repair-requests/with-photos',
  output: okResponse({ ticket_id: v.number() }),
});

/** Why a chosen photo cannot be sent, before it is uploaded (portal.md §5 File), or null. */
export function photoProblem(file: { name: string; size: number }): string | null {
  const extension = /\.([^.]+)$/.exec(file.name)?.[1]?.toLowerCase() ?? '';
  if (!(PHOTO_EXTENSIONS as readonly string[]).includes(extension)) return repairMessages.fileType;
  if (file.size === 0) return repairMessages.fileFailed;
  if (file.size > PHOTO_MAX_BYTES) return repairMessages.fileSize;
  return null;
}

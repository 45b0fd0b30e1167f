import * as v from 'valibot';
import { object } from './object.ts';
import { positiveInt4 } from './ids.ts';
import { emailField, passwordField } from '../validation/fields.ts';
import { messages } from '../validation/messages.ts';
import { normalizeBillStatus } from '../dictionaries/bill-statuses.ts';
import { DEFECT_STATUSES } from '../dictionaries/defect-statuses.ts';
import { INSTRUMENT_STATUSES, INSTRUMENT_TYPES } from '../dictionaries/instruments.ts';
import { REGIONS } from '../dictionaries/regions.ts';
import { TICKET_STATUSES } from '../dictionaries/ticket-statuses.ts';
import { cleanText } from '../validation/invisible-characters.ts';
import { NOTIFICATION_TOPICS } from '../screens/access-levels.ts';

// The back office's calls (API.md). Answers are plain JSON, not the portal's envelope.

/** A whole number in an answer (ids, counts, points): `integer` in the OpenAPI document, not `number`. */
export const integerOut = v.pipe(v.number(), v.integer());

const optionalText = (max: number) =>
  v.optional(v.nullable(v.pipe(v.string(), cleanText(), v.maxLength(max, messages.tooLong))));

export const createClientInput = object({
  email: emailField,
  name: v.pipe(
    v.string(messages.required),
    cleanText(),
    v.nonEmpty(messages.required),
    v.maxLength(60, messages.tooLong),
  ),
  surname: v.pipe(
    v.string(messages.required),
    cleanText(),
    v.nonEmpty(messages.required),
    v.maxLength(60, messages.tooLong),
  ),
  patronymic: optionalText(60),
  phone: optionalText(30),
  company: optionalText(200),
  password: v.optional(passwordField),
});
export type CreateClientInput = v.InferOutput<typeof createClientInput>;

export const createClientOutput = object({ id: integerOut });

// ── Shared field schemas of the back-office calls ───────────────────────────────────────────────
// Codes are checked against the dictionaries the portal shows them with, so a code the portal could
// not label never gets in. Ids are PostgreSQL integers: anything outside int4 is refused here
// rather than failing in the database.

export const integrationMessages = {
  id: 'Ожидается целый положительный идентификатор',
  clientNotFound: 'Клиент не найден',
  officeNotFound: 'Сервисный центр не найден',
  /** A notification's `ticket_id` must be a ticket of the clinic it is for. */
  ticketNotOfClient: 'У этого клиента нет такой заявки',
  notificationTopic: 'Ожидается ticket, decision или bill',
  fileNotFound: 'Файл не найден',
  defectsNotOfClient: 'Дефектные ведомости не найдены среди заявок этого клиента',
  money: 'Сумма — строка с двумя знаками после точки, например "12500.00"',
  moneyTooLarge: 'Сумма не может быть больше 99 999 999,99 ₽',
  date: 'Ожидается дата в формате ISO 8601, например "2026-03-02" или "2026-03-02T09:00:00Z"',
  timestamp: 'Ожидается дата и время в формате ISO 8601, например "2026-03-02T09:00:00Z"',
  boolean: 'Ожидается true или false',
  ticketStatus: 'Неизвестный статус заявки: допустимы коды 0–7',
  instrumentType: 'Неизвестный тип инструмента: допустимы коды 1–12',
  instrumentStatus: 'Неизвестный статус инструмента: допустимы коды 1–7',
  defectStatus: 'Неизвестный статус дефектной ведомости: допустимы коды 1–4',
  agreed: 'Неизвестное значение agreed: допустимы коды 0–4',
  region: `Неизвестный регион: допустимы ${REGIONS.map((region) => `«${region.name}»`).join(', ')}`,
  latitude: 'Широта — число от -90 до 90',
  longitude: 'Долгота — число от -180 до 180',
  url: 'Ожидается ссылка http:// или https://',
  providerOrderId: 'Номер заказа: латинские буквы, цифры, точка, дефис и подчёркивание, до 100 символов',
  instrumentsRequired: 'Добавьте хотя бы один инструмент',
  tooMany: 'Слишком много элементов',
  nothingToChange: 'Укажите хотя бы одно поле для изменения',
  points: 'Изменение баллов — целое ненулевое число',
  pointsNegative: 'Недостаточно баллов: баланс не может стать отрицательным',
  cost: 'Стоимость в баллах — целое неотрицательное число',
  limit: 'limit — целое число от 1 до 1000',
  after: 'after — целое неотрицательное число',
  fileRequired: 'Прикрепите файл в поле file',
  fileEmpty: 'Файл пуст',
  fileTooLarge: 'Файл больше 10 МБ',
  fileType: 'Допустимы только файлы PDF, JPEG, PNG и WebP',
  billTaken: 'Счёт с таким номером у этого клиента уже есть',
  /** An answer to a statement the clinic has no open question on ('Обсудить'). */
  notDiscussed: 'Клиент не задавал вопрос по этой ведомости: ответить можно только на «Обсудить»',
  /** cabinet.md §2 Ticket page: a regional centre's ticket shows the centre's card, never its statements. */
  quoteAtServiceCentre:
    'Заявка в региональном сервисном центре: клиент видит на её странице только карточку центра и не сможет согласовать ведомость с ценой. Согласуйте ремонт через сервисный центр или передайте заявку в центральный офис (office_id 1 или 2)',
} as const;

/** A row id in a body: a positive int4. */
export const idField = positiveInt4(integrationMessages.id);

const text = (max: number) =>
  v.pipe(v.string(messages.required), cleanText(), v.nonEmpty(messages.required), v.maxLength(max, messages.tooLong));
/** Optional free text: absent, null or a string (an empty one is stored as null). */
const nullableText = (max: number) =>
  v.optional(v.nullable(v.pipe(v.string(messages.required), cleanText(), v.maxLength(max, messages.tooLong))));
const booleanField = v.boolean(integrationMessages.boolean);

/**
 * One amount (a line, a statement, a bill): far above any real one, and low enough that the sums
 * and points made from many of them stay exact numbers (docs/api.md, integration rules: 500 lines of 10^10 overflowed).
 */
export const MAX_MONEY_KOPECKS = 9_999_999_999;

/** Money: a decimal string with exactly two places (API.md §Codes), non-negative, at most 99 999 999.99. */
export const moneyField = v.pipe(
  v.string(integrationMessages.money),
  v.regex(/^\d+\.\d{2}$/, integrationMessages.money),
  // At most 8 digits before the point (MAX_MONEY_KOPECKS), leading zeros included: what the OpenAPI
  // document's pattern says, so a generated client's check and the server's agree.
  v.check(
    (value) => value.length <= 11 && Number(value.replace('.', '')) <= MAX_MONEY_KOPECKS,
    integrationMessages.moneyTooLarge,
  ),
  v.metadata({
    pattern: '^\\d{1,8}\\.\\d{2}$',
    description:
      'Roubles and kopecks, a decimal string with two places and at most 8 digits before the point: "0.00" … "99999999.99"',
    examples: ['12500.00'],
  }),
);

/** The calendar part exists (no 30 February: Date.parse would roll it over) and the whole parses. */
const isRealDate = (value: string) => {
  const [year, month, day] = value.slice(0, 10).split('-').map(Number) as [number, number, number];
  const calendar = new Date(Date.UTC(year, month - 1, day));
  return (
    calendar.getUTCMonth() === month - 1 &&
    calendar.getUTCDate() === day &&
    !Number.isNaN(Date.parse(value.length === 10 ? `${value}T00:00:00Z` : value))
  );
};
const ISO_TIMESTAMP =
  /^(?:19|20|21)\d{2}-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12]\d|3[01])T(?:[01]\d|2[0-3]):[0-5]\d(?::[0-5]\d(?:\.\d{1,6})?)?(?:Z|[+-](?:[01]\d|2[0-3]):?[0-5]\d)$/;
const ISO_DATE = /^(?:19|20|21)\d{2}-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12]\d|3[01])$/;

// Years 1900–2199 only: PostgreSQL has no year 0, and no real document is dated outside that.

/** A moment: ISO 8601 date-time with a zone (Z or ±hh:mm). */
export const timestampField = v.pipe(
  v.string(integrationMessages.timestamp),
  v.regex(ISO_TIMESTAMP, integrationMessages.timestamp),
  v.check(isRealDate, integrationMessages.timestamp),
  v.metadata({ format: 'date-time', description: 'ISO 8601 date-time with a zone (Z or ±hh:mm), years 1900–2199' }),
);

/** A calendar date, or a date-time: ISO 8601. Kept as sent (the portal cuts the date out of it). */
export const dateField = v.pipe(
  v.string(integrationMessages.date),
  v.check(
    (value) => (ISO_DATE.test(value) || ISO_TIMESTAMP.test(value)) && isRealDate(value),
    integrationMessages.date,
  ),
  v.metadata({
    anyOf: [{ format: 'date' }, { format: 'date-time' }],
    description: 'ISO 8601: a date ("2026-03-02") or a date-time with a zone ("2026-03-02T09:00:00Z"), years 1900–2199',
  }),
);

const codes = (dictionary: Readonly<Record<number, string>>) => Object.keys(dictionary).map(Number);
/** A dictionary's codes, each with its label in the document (`x-enum-descriptions`, read by generators). */
const codeField = (dictionary: Readonly<Record<number, string>>, message: string) =>
  v.pipe(
    v.picklist(codes(dictionary), message),
    v.metadata({
      type: 'integer',
      description: Object.entries(dictionary)
        .map(([code, label]) => `${code} ${label}`)
        .join('; '),
      'x-enum-descriptions': Object.values(dictionary),
    }),
  );
export const ticketStatusField = codeField(TICKET_STATUSES, integrationMessages.ticketStatus);
export const instrumentTypeField = codeField(INSTRUMENT_TYPES, integrationMessages.instrumentType);
export const instrumentStatusField = codeField(INSTRUMENT_STATUSES, integrationMessages.instrumentStatus);
export const defectStatusField = codeField(DEFECT_STATUSES, integrationMessages.defectStatus);
/** 0 not agreed; 1 approved; 2 rejected; 3 under discussion; 4 traded in (as the portal's tickets API reads it). */
export const agreedField = codeField(
  { 0: 'не согласована', 1: 'согласована', 2: 'отклонена', 3: 'обсуждается', 4: 'трейд-ин' },
  integrationMessages.agreed,
);

/** The spec's region table (cabinet.md): an office's `region`, one of these Russian names exactly. */
export const regionField = v.pipe(
  v.picklist(
    REGIONS.map((region) => region.name),
    integrationMessages.region,
  ),
  v.metadata({ description: 'The region an office serves, its Russian name exactly as in the spec’s region table' }),
);

/** Links the clinic opens from the portal: http(s) only, so no `javascript:` ever reaches an href. */
export const linkField = v.pipe(
  v.string(integrationMessages.url),
  v.trim(),
  v.maxLength(2000, messages.tooLong),
  v.regex(/^https?:\/\/[^\s]+$/i, integrationMessages.url),
  v.url(integrationMessages.url),
);

const fileIdField = v.nullable(idField);

export const idOutput = object({ id: integerOut });

// ── Offices ─────────────────────────────────────────────────────────────────────────────────────

export const putOfficeInput = object({
  name: text(200),
  country_name: text(100),
  city: text(100),
  address: text(500),
  manager_phone: text(50),
  email: emailField,
  region: regionField,
  latitude: v.pipe(
    v.number(integrationMessages.latitude),
    v.minValue(-90, integrationMessages.latitude),
    v.maxValue(90, integrationMessages.latitude),
  ),
  longitude: v.pipe(
    v.number(integrationMessages.longitude),
    v.minValue(-180, integrationMessages.longitude),
    v.maxValue(180, integrationMessages.longitude),
  ),
  is_show_in_crimea: booleanField,
});
export type PutOfficeInput = v.InferOutput<typeof putOfficeInput>;
/** `created` is true when the office did not exist before. */
export const putOfficeOutput = object({ id: integerOut, created: v.boolean() });

// ── Tickets ─────────────────────────────────────────────────────────────────────────────────────

export const instrumentInput = object({
  serial_number: text(100),
  type: instrumentTypeField,
  description: v.optional(v.pipe(v.string(messages.required), cleanText(), v.maxLength(2000, messages.tooLong)), ''),
  status: instrumentStatusField,
});

export const createTicketInput = object({
  client_id: idField,
  status: ticketStatusField,
  office_id: v.optional(v.nullable(idField)),
  created_at: v.optional(timestampField),
  instruments: v.pipe(
    v.array(instrumentInput, integrationMessages.instrumentsRequired),
    v.minLength(1, integrationMessages.instrumentsRequired),
    v.maxLength(200, integrationMessages.tooMany),
  ),
});
export type CreateTicketInput = v.InferOutput<typeof createTicketInput>;
export const createTicketOutput = object({ id: integerOut, instruments: v.array(idOutput) });

export const shippingOrderInput = object({
  tracking_link: v.optional(v.nullable(linkField)),
  provider_order_id: v.optional(
    v.nullable(
      v.pipe(
        v.string(integrationMessages.providerOrderId),
        v.trim(),
        v.regex(/^[A-Za-z0-9._-]{1,100}$/, integrationMessages.providerOrderId),
      ),
    ),
  ),
  /** Extension: the courier's waybill (a file uploaded with POST /files). */
  waybill_file_id: v.optional(fileIdField),
});

export const patchTicketInput = v.pipe(
  object({
    status: v.optional(ticketStatusField),
    office_id: v.optional(v.nullable(idField)),
    finished: v.optional(booleanField),
    /** null removes the shipping order. */
    shipping_order: v.optional(v.nullable(shippingOrderInput)),
  }),
  v.check((input) => Object.values(input).some((value) => value !== undefined), integrationMessages.nothingToChange),
  // What the OpenAPI document says of the check above.
  v.metadata({ minProperties: 1 }),
);
export type PatchTicketInput = v.InferOutput<typeof patchTicketInput>;
export const patchTicketOutput = object({ id: integerOut, changed: v.array(v.string()) });

// ── Defect statements ───────────────────────────────────────────────────────────────────────────

export const createDefectInput = object({
  series: text(200),
  type: instrumentTypeField,
  name: text(300),
  defect: text(5000),
  conclusion: nullableText(5000),
  sum: moneyField,
  status: defectStatusField,
  trade_is_enabled: v.optional(booleanField, false),
  id_1c: nullableText(100),
  departure: nullableText(2000),
  photo_file_ids: v.optional(
    v.pipe(v.array(idField, integrationMessages.id), v.maxLength(50, integrationMessages.tooMany)),
    [],
  ),
  document_file_id: v.optional(fileIdField),
});
export type CreateDefectInput = v.InferOutput<typeof createDefectInput>;
export const createDefectOutput = object({ id: integerOut, version: integerOut });

export const patchDefectInput = v.pipe(
  object({
    status: v.optional(defectStatusField),
    sum: v.optional(moneyField),
    conclusion: nullableText(5000),
    departure: nullableText(2000),
    agreed: v.optional(agreedField),
  }),
  v.check((input) => Object.values(input).some((value) => value !== undefined), integrationMessages.nothingToChange),
  // What the OpenAPI document says of the check above.
  v.metadata({ minProperties: 1 }),
);
export type PatchDefectInput = v.InferOutput<typeof patchDefectInput>;
/** `version` after the call; `changed` lists the fields whose value actually changed. */
export const patchDefectOutput = object({ id: integerOut, version: integerOut, changed: v.array(v.string()) });

// ── Bills ───────────────────────────────────────────────────────────────────────────────────────

export const BILL_PURPOSE_MAX = 160;
export const BILL_VAT_MAX = 48;

/**
 * 'Оплачен' is paid, null is "no data", any other text is unpaid (API.md §Codes); the paid
 * spellings ('Оплачено', any case, spaces around) are stored as 'Оплачен' (dictionaries/bill-statuses.ts).
 */
const billStatusField = v.nullable(
  v.pipe(
    v.string(messages.required),
    cleanText(),
    v.maxLength(100, messages.tooLong),
    v.transform(normalizeBillStatus),
  ),
);

/**
 * The payment QR's texts (ADR 0028): the bill's own purpose and its VAT line; absent or null: the
 * default purpose 'Оплата по счёту № … от …' and no VAT part. Together within ГОСТ Р 56042-2014's
 * 210 characters of Purpose (160 + '. ' + 48).
 */
const billPaymentTexts = { purpose: nullableText(BILL_PURPOSE_MAX), vat: nullableText(BILL_VAT_MAX) };

export const createBillInput = object({
  client_id: idField,
  id_1c: text(100),
  date: dateField,
  amount_document: moneyField,
  status: billStatusField,
  defective_list_ids: v.optional(
    v.pipe(v.array(idField, integrationMessages.id), v.maxLength(500, integrationMessages.tooMany)),
    [],
  ),
  document_file_id: v.optional(fileIdField),
  /** When it was paid (the loyalty accrual's date); default now. Read only when the status is 'Оплачен'. */
  paid_at: v.optional(timestampField),
  ...billPaymentTexts,
});
export type CreateBillInput = v.InferOutput<typeof createBillInput>;

export const patchBillInput = v.pipe(
  object({ status: v.optional(billStatusField), paid_at: v.optional(timestampField), ...billPaymentTexts }),
  // Named on `status`, the field a PATCH usually carries (and the one it needed before purpose and VAT).
  v.forward(
    v.partialCheck(
      [['status'], ['purpose'], ['vat']],
      (input) => input.status !== undefined || input.purpose !== undefined || input.vat !== undefined,
      integrationMessages.nothingToChange,
    ),
    ['status'],
  ),
  v.metadata({ anyOf: [{ required: ['status'] }, { required: ['purpose'] }, { required: ['vat'] }] }),
);
export type PatchBillInput = v.InferOutput<typeof patchBillInput>;

// ── Notifications, files, events ────────────────────────────────────────────────────────────────

export const createNotificationInput = object({
  client_id: idField,
  description: text(2000),
  ticket_id: v.optional(v.nullable(idField), null),
  /**
   * What it is about, for the clinic's colleagues (issue 41, ADR 0054): `ticket` (no money: every
   * level that reads tickets), `decision` (a quote or its price: 'Заявки и согласования'), `bill`
   * (levels with bills). Not given: with `ticket_id` as `decision`, without it the clinic's alone.
   */
  topic: v.optional(
    v.nullable(
      v.pipe(
        v.picklist(NOTIFICATION_TOPICS, integrationMessages.notificationTopic),
        v.metadata({
          description:
            'Which of the client’s colleagues also get it: ticket — every access level that reads tickets (no prices in the text); ' +
            'decision — full access only; bill — levels with bills. Absent: decision when ticket_id is given, else the client alone.',
        }),
      ),
    ),
    null,
  ),
});
export type CreateNotificationInput = v.InferOutput<typeof createNotificationInput>;

/** The service centre's answer to a clinic's 'Обсудить' (POST /defects/{id}/answers). */
export const DEFECT_ANSWER_MAX_LENGTH = 2000;
export const createDefectAnswerInput = object({ text: text(DEFECT_ANSWER_MAX_LENGTH) });
export type CreateDefectAnswerInput = v.InferOutput<typeof createDefectAnswerInput>;

/** Uploads: multipart/form-data with one part named `file`. */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
export const uploadFileOutput = object({ id: integerOut, mime_type: v.string(), size: integerOut, sha256: v.string() });

/**
 * A place in the feed: an event's id, and `next` of a page. The same schema in answers and in the
 * `after` query (the document names both EventCursor).
 */
export const eventCursor = v.pipe(
  v.number(integrationMessages.after),
  v.integer(integrationMessages.after),
  v.minValue(0, integrationMessages.after),
  v.maxValue(Number.MAX_SAFE_INTEGER, integrationMessages.after),
);

/** A whole number in a query string: its digits, then the number `value` checks. */
const queryNumber = <S extends v.GenericSchema<number, number>>(message: string, value: S) =>
  v.pipe(v.string(message), v.regex(/^\d{1,16}$/, message), v.transform(Number), value);

/** `after`: the last `next` received; 0 or absent for the start of the feed. */
export const eventCursorQuery = queryNumber(integrationMessages.after, eventCursor);

export const listEventsQuery = object({
  after: v.optional(eventCursorQuery, '0'),
  limit: v.optional(
    queryNumber(
      integrationMessages.limit,
      v.pipe(
        v.number(integrationMessages.limit),
        v.integer(integrationMessages.limit),
        v.minValue(1, integrationMessages.limit),
        v.maxValue(1000, integrationMessages.limit),
      ),
    ),
    '100',
  ),
});

export const eventOutput = object({
  id: integerOut,
  type: v.string(),
  created_at: v.string(),
  client_id: v.nullable(integerOut),
  ticket_id: v.nullable(integerOut),
  payload: v.record(v.string(), v.unknown()),
});
export type FeedEvent = v.InferOutput<typeof eventOutput>;
/** `next` is a number: the id of the last event returned, or the `after` given when none are. */
export const listEventsOutput = object({ events: v.array(eventOutput), next: eventCursor });
export type FeedPage = v.InferOutput<typeof listEventsOutput>;

// ── Extensions the portal needs (docs/api.md) ──────────────────────────────────────────────────

export const putGiftInput = object({
  name: text(200),
  cost: v.pipe(
    v.number(integrationMessages.cost),
    v.integer(integrationMessages.cost),
    v.minValue(0, integrationMessages.cost),
    v.maxValue(1_000_000_000, integrationMessages.cost),
  ),
  image_file_id: v.optional(fileIdField),
  is_available: booleanField,
});
export type PutGiftInput = v.InferOutput<typeof putGiftInput>;

export const putTradeInInstrumentInput = object({
  title: text(300),
  list_image_file_id: v.optional(fileIdField),
  page_image_file_id: v.optional(fileIdField),
  properties: v.pipe(v.array(text(500)), v.maxLength(100, integrationMessages.tooMany)),
  link: linkField,
  price_discount: moneyField,
  is_active: booleanField,
});
export type PutTradeInInstrumentInput = v.InferOutput<typeof putTradeInInstrumentInput>;

export const upsertOutput = object({ id: integerOut, created: v.boolean() });

export const changePointsInput = object({
  delta: v.pipe(
    v.number(integrationMessages.points),
    v.integer(integrationMessages.points),
    v.minValue(-1_000_000_000, integrationMessages.points),
    v.maxValue(1_000_000_000, integrationMessages.points),
    v.check((value) => value !== 0, integrationMessages.points),
    v.metadata({ not: { const: 0 }, description: 'Non-zero: a credit (> 0) or a debit (< 0)' }),
  ),
  reason: text(500),
});
export type ChangePointsInput = v.InferOutput<typeof changePointsInput>;
/** The ledger entry's id (null when a debit found nothing to annul), the active balance after it and the points annulled. */
export const changePointsOutput = object({ id: v.nullable(integerOut), balance: integerOut, annulled: integerOut });

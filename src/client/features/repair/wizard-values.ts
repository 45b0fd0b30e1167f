import * as v from 'valibot';
import {
  CUSTOM_INSTRUMENT_TYPE,
  repairMessages,
  repairRequestInput,
  type RepairRequestInput,
} from '#shared/screens/repair-requests.ts';
import type { WizardRequest } from './api.ts';
import { fieldErrors } from '#shared/api/endpoint.ts';
import { guestRepairRequestInput } from '#shared/screens/guest-requests.ts';
import { messages } from '#shared/validation/messages.ts';

// What the wizard holds (portal.md §3 Repair request) and its checks per step, from the shared
// contract, so the page refuses exactly what the server would (and in the same words).

export interface EquipmentBlock {
  /** idBlock: 1, 2, …; the first block cannot be deleted (portal.md §4.1). */
  block: number;
  serialNumber: string;
  /** An instrument type code as text ('' until chosen). */
  type: string;
  name: string;
  description: string;
  guarantee: boolean;
}

export interface WizardValues {
  /** Typed by a guest (step 1); a clinic's name, surname and e-mail are its account's. */
  name: string;
  surname: string;
  email: string;
  phone: string;
  company: string;
  address: string;
  country: string;
  zip: string;
  room: string;
  message: string;
  pickupDate: string;
  officeId: string;
  equipment: EquipmentBlock[];
  photos: WizardPhoto[];
  approvalPolicy: boolean;
  approvalLoyalty: boolean;
}

/**
 * A chosen photo: uploaded (sent by its id), or, when there was no network, kept here with its
 * bytes and sent with the request (src/shared/screens/repair-requests.ts createRepairRequestWithPhotos).
 */
export interface WizardPhoto {
  /** Tells the photos apart in the list (two files may share a name). */
  key: string;
  name: string;
  size: number;
  fileId: number | null;
  /** Only while not uploaded. */
  file: File | null;
}

/** The photos still to be sent with the request, and how many bytes they are. */
export function localPhotos(photos: readonly WizardPhoto[]): {
  files: Array<{ file: File; name: string }>;
  bytes: number;
} {
  const files = photos.flatMap((photo) =>
    photo.fileId === null && photo.file ? [{ file: photo.file, name: photo.name }] : [],
  );
  return { files, bytes: files.reduce((sum, photo) => sum + photo.file.size, 0) };
}

export const newBlock = (block: number): EquipmentBlock => ({
  block,
  serialNumber: '',
  type: '',
  name: '',
  description: '',
  guarantee: false,
});

/**
 * Who sends the request, as the values need it: the logged-in clinic's account, or null for a guest,
 * who types the contact and has given no consents yet.
 */
export type Sender = { name: string; surname: string; consents_given?: boolean } | null;

export function initialValues(user: { phone: string | null; company: string | null } | null): WizardValues {
  return {
    name: '',
    surname: '',
    email: '',
    phone: user?.phone ?? '',
    company: user?.company ?? '',
    address: '',
    country: '',
    zip: '',
    room: '',
    message: '',
    pickupDate: '',
    officeId: '',
    equipment: [newBlock(1)],
    photos: [],
    approvalPolicy: false,
    approvalLoyalty: false,
  };
}

export function toRequest(values: WizardValues, user: Sender): WizardRequest {
  const request = requestBody(values);
  if (user === null) {
    const { name, surname, email, phone } = values;
    return { guest: true, input: { ...request, contact: { name, surname, phone, email } } };
  }
  return {
    guest: false,
    input: { ...request, contact: { name: user.name, surname: user.surname, phone: values.phone } },
  };
}

/** The request's fields beside the contact. */
function requestBody(values: WizardValues): Omit<RepairRequestInput, 'contact'> {
  return {
    address: {
      company: values.company,
      address: values.address,
      country: values.country,
      zip: values.zip,
      room: values.room,
      message: values.message,
      pickup_date: values.pickupDate,
      office_id: Number(values.officeId) || 0,
    },
    instruments: values.equipment.map((item) => ({
      serial_number: item.serialNumber,
      type: Number(item.type) || 0,
      name: Number(item.type) === CUSTOM_INSTRUMENT_TYPE ? item.name : null,
      description: item.description,
      guarantee: item.guarantee,
    })),
    file_ids: values.photos.flatMap((photo) => (photo.fileId === null ? [] : [photo.fileId])),
    approval_policy: values.approvalPolicy,
    approval_loyalty: values.approvalLoyalty,
  };
}

export type WizardErrors = Record<string, string>;

/** The request's problems as `field path → first message` (e.g. 'address.zip', 'instruments.0.serial_number'). */
function problems(values: WizardValues, user: Sender): WizardErrors {
  const request = toRequest(values, user);
  // A guest's contact is checked as the guest endpoint checks it (the names, the e-mail).
  const parsed = request.guest
    ? v.safeParse(guestRepairRequestInput, request.input)
    : v.safeParse(repairRequestInput, request.input);
  const errors: WizardErrors = {};
  if (!parsed.success)
    for (const [field, list] of Object.entries(fieldErrors(parsed.issues))) if (list[0]) errors[field] = list[0];
  // The custom name is checked per block here (the contract names the list as a whole).
  values.equipment.forEach((item, index) => {
    if (Number(item.type) === CUSTOM_INSTRUMENT_TYPE && item.name.trim() === '')
      errors[`instruments.${index}.name`] = messages.required;
  });
  // An empty list (the main form before 'Добавить инструмент') says so; otherwise the blocks speak for themselves.
  if (values.equipment.length === 0) errors.instruments = repairMessages.instrumentsRequired;
  else delete errors.instruments;
  // Asked until given once (the server keeps them with their date).
  if (!user?.consents_given && !values.approvalPolicy) errors.approval_policy = repairMessages.consentPolicy;
  if (!user?.consents_given && !values.approvalLoyalty) errors.approval_loyalty = repairMessages.consentLoyalty;
  if (values.pickupDate === '') errors['address.pickup_date'] = messages.required;
  if (values.officeId === '') errors['address.office_id'] = messages.required;
  return errors;
}

const STEP_FIELDS: Record<1 | 2 | 3, RegExp> = {
  1: /^contact\./,
  2: /^address\./,
  3: /^(instruments|file_ids|approval_)/,
};

/** The problems of one step, so Next stops there and says what is wrong. */
export function stepErrors(step: 1 | 2 | 3, values: WizardValues, user: Sender): WizardErrors {
  return Object.fromEntries(Object.entries(problems(values, user)).filter(([field]) => STEP_FIELDS[step].test(field)));
}

/** The value at a field path of the request ('instruments.0.type'), as text to compare. */
function valueAt(request: WizardRequest['input'], path: string): string {
  const found = path
    .split('.')
    .reduce<unknown>(
      (at, key) => (at !== null && typeof at === 'object' ? (at as Record<string, unknown>)[key] : undefined),
      request,
    );
  return JSON.stringify(found) ?? '';
}

/**
 * The errors still true after a change (portal.md §8): a message goes as soon as its
 * field was changed and now holds a valid value; new messages wait for the next Далее or send, and
 * a server's message on an untouched field stays.
 */
export function errorsAfterChange(
  errors: WizardErrors,
  before: WizardValues,
  after: WizardValues,
  user: Sender,
): WizardErrors {
  if (Object.keys(errors).length === 0) return errors;
  const still = problems(after, user);
  const [was, now] = [toRequest(before, user).input, toRequest(after, user).input];
  return Object.fromEntries(
    Object.entries(errors).filter(([field]) => field in still || valueAt(was, field) === valueAt(now, field)),
  );
}

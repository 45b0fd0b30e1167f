import type { RepairRequestInput } from '#shared/screens/repair-requests.ts';

/** A valid repair request for office 1 on Thursday 2026-03-05 (the tests' clock: Wednesday 2026-03-04). */
export const REPAIR_REQUEST: RepairRequestInput = {
  contact: { name: 'Анна', surname: 'Смирнова', phone: '+7 (916) 123-45-67' },
  address: {
    company: 'Улыбка',
    address: 'Россия, Москва, Тверская улица, 7',
    country: 'Россия',
    zip: '125009',
    pickup_date: '2026-03-05',
    office_id: 1,
  },
  instruments: [{ serial_number: 'SN-1', type: 1, description: 'Не вращается' }],
  approval_policy: true,
  approval_loyalty: true,
};

/** REPAIR_REQUEST picked up on another day or by another office (`address`), with `extra` fields. */
export const repairRequestWith = (
  address: Partial<RepairRequestInput['address']>,
  extra: Partial<RepairRequestInput> = {},
): RepairRequestInput => ({ ...REPAIR_REQUEST, address: { ...REPAIR_REQUEST.address, ...address }, ...extra });

/** A clinic's pickup address filled in full, as the ticket and the ticket.created event give it back. */
export const CLINIC_ADDRESS = {
  company: 'Клиника «Улыбка»',
  address: 'Россия, Москва, Тверская улица, 7',
  country: 'Россия',
  zip: '125009',
  room: 'офис 12',
  message: 'Звонить заранее',
};

/** A request with every field filled: two instruments, one under warranty, the other named by hand. */
export const fullRepairRequest = (overrides: Partial<RepairRequestInput> = {}): RepairRequestInput => ({
  contact: { name: 'Анна', surname: 'Смирнова', phone: '+7 (916) 123-45-67' },
  address: { ...CLINIC_ADDRESS, pickup_date: '2026-03-05', office_id: 1 },
  instruments: [
    { serial_number: 'SN-100', type: 1, description: 'Не вращается головка', guarantee: true },
    { serial_number: 'SN-200', type: 12, name: 'Апекслокатор', description: 'Не включается' },
  ],
  approval_policy: true,
  approval_loyalty: true,
  ...overrides,
});

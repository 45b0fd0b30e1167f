// Test data for the ticket page's tests: a ticket as GET /ajax/cabinet/tickets/:id sends it.
import type { DefectStatement, Office, Ticket } from '#shared/api/tickets.ts';

export function statement(overrides: Partial<DefectStatement> = {}): DefectStatement {
  return {
    id: 11,
    ticket_id: 501,
    series: 'WH-TA98-1184301',
    status: 1,
    type: 1,
    name: 'Турбинный наконечник W&H Synea TA-98',
    defect: 'Износ подшипников ротора',
    conclusion: 'Замена подшипников',
    download_link: '/ajax/cabinet/files/901',
    id_1c: 'ДВ-0001',
    photos: [{ id: 902, relativeUrl: '/ajax/cabinet/files/902', original_name: 'rotor.jpg' }],
    departure: 'https://www.cdek.ru/ru/tracking?order_id=1498032771',
    sum: '12500.00',
    agreed: 0,
    trade_is_enabled: false,
    version: 1,
    decision_comment: null,
    decision_author: null,
    answer: null,
    ...overrides,
  };
}

export const centralOffice: Office = {
  id: 1,
  name: 'Головной сервисный центр',
  country_name: 'Россия',
  city: 'Москва',
  address: 'ул. Примерная, 1',
  manager_phone: '+7 (495) 123-45-67',
  email: 'service@example.ru',
  region: 'Центральный',
  latitude: 55.76,
  longitude: 37.64,
  is_show_in_crimea: false,
};

export const regionalOffice: Office = {
  ...centralOffice,
  id: 5,
  name: 'Сервисный центр «Урал»',
  city: 'Екатеринбург',
  address: 'ул. Малышева, 51',
  manager_phone: '+7 (343) 222-33-44',
  email: 'ural@example.ru',
  region: 'Уральский',
};

/** Three statements: two waiting (one with trade-in), one approved. */
export function ticket(overrides: Partial<Ticket> = {}): Ticket {
  return {
    id: 501,
    status: 'Требует согласования',
    status_code: 5,
    created_at: '2026-03-05 14:07:09',
    cost: '44600.00',
    hasDefects: true,
    finished: false,
    shippingOrder: null,
    pdf_url: '/ajax/cabinet/tickets/501/get-pdf',
    office: centralOffice,
    defective_lists: [
      statement(),
      statement({
        id: 12,
        series: 'NSK-X25L-220917',
        name: 'Угловой наконечник NSK Ti-Max X25L',
        type: 2,
        sum: '8700.00',
        photos: [],
        download_link: null,
        departure: null,
      }),
      statement({
        id: 13,
        series: 'EMS-PV-5530128',
        name: 'Скалер EMS Piezon',
        type: 3,
        sum: '23400.00',
        trade_is_enabled: true,
      }),
    ],
    instruments: [
      {
        id: 31,
        serial_number: 'WH-TA98-1184301',
        status: 2,
        type: 1,
        description: 'Шумит',
        name: null,
        guarantee: false,
      },
    ],
    request: null,
    courier_visits: [],
    ...overrides,
  };
}

export const ticketAnswer = (value: Ticket) => ({ body: { success: true, ticket: value } });

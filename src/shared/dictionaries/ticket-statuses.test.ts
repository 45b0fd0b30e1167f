import { describe, expect, it } from 'vitest';
import { FILTERABLE_TICKET_STATUS_CODES } from './filterable-ticket-statuses.ts';
import { TICKET_STATUS_CODES } from './ticket-statuses.ts';

describe('FILTERABLE_TICKET_STATUS_CODES', () => {
  it("is every status but the back office's internal 0 (Статус не определён) and 4 (Ошибка)", () => {
    expect([...FILTERABLE_TICKET_STATUS_CODES]).toEqual(TICKET_STATUS_CODES.filter((code) => code !== 0 && code !== 4));
  });
});

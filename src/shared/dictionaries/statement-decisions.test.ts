import { describe, expect, it } from 'vitest';
import { instrumentDisplayName } from './instruments.ts';
import { countsTowardsCost, statementBadgeLabel } from './statement-decisions.ts';
import { clinicTicketStatus } from './ticket-decision-status.ts';

describe('statementBadgeLabel', () => {
  it("says the clinic's decision until the back office sets a later status", () => {
    expect(statementBadgeLabel({ status: 1, agreed: 0 })).toBe('Требует согласования');
    expect(statementBadgeLabel({ status: 1, agreed: 0 }, true)).toBe('Ожидает отправки');
    expect(statementBadgeLabel({ status: 2, agreed: 1 })).toBe('Работы согласованы');
    expect(statementBadgeLabel({ status: 4, agreed: 2 })).toBe('Отказ от ремонта');
    expect(statementBadgeLabel({ status: 1, agreed: 3 })).toBe('На обсуждении');
    expect(statementBadgeLabel({ status: 1, agreed: 4 })).toBe('Обмен на новый инструмент');
    // Later words of the back office.
    expect(statementBadgeLabel({ status: 2, agreed: 3 })).toBe('Работы согласованы');
    expect(statementBadgeLabel({ status: 3, agreed: 4 })).toBe('Закрыта');
    expect(statementBadgeLabel({ status: 4, agreed: 1 })).toBe('Отменена');
  });

  it('leaves out of the cost what will not be repaired', () => {
    expect([0, 1, 2, 3, 4].map((agreed) => countsTowardsCost({ status: 1, agreed }))).toEqual([
      true,
      true,
      false,
      true,
      false,
    ]);
    expect(countsTowardsCost({ status: 4, agreed: 0 })).toBe(false);
  });
});

describe('clinicTicketStatus', () => {
  const open = { status: 5, finished: false };
  it('reads only status 5 through the statements', () => {
    expect(clinicTicketStatus(open, { total: 3, undecided: 1, goAhead: 1, discussed: 0 })).toBe(5);
    expect(clinicTicketStatus(open, { total: 3, undecided: 0, goAhead: 1, discussed: 0 })).toBe(6);
    // A question still waits for the service centre's answer: not 'Работы согласованы' yet.
    expect(clinicTicketStatus(open, { total: 3, undecided: 0, goAhead: 2, discussed: 1 })).toBe(1);
    expect(clinicTicketStatus(open, { total: 3, undecided: 0, goAhead: 0, discussed: 0 })).toBe(1);
    expect(clinicTicketStatus(open, { total: 0, undecided: 0, goAhead: 0, discussed: 0 })).toBe(5);
    expect(
      clinicTicketStatus({ status: 7, finished: true }, { total: 3, undecided: 0, goAhead: 3, discussed: 0 }),
    ).toBe(7);
  });
});

describe('instrumentDisplayName', () => {
  it("names a 'Свой вариант' by its name, else its description; others by name or type", () => {
    expect(instrumentDisplayName({ type: 12, name: ' Лампа ', description: 'Не включается' })).toBe('Лампа');
    expect(instrumentDisplayName({ type: 12, name: null, description: 'Лампа полимеризационная' })).toBe(
      'Лампа полимеризационная',
    );
    expect(instrumentDisplayName({ type: 12, name: '', description: '' })).toBe('Свой вариант');
    expect(instrumentDisplayName({ type: 1, name: null, description: 'Шумит' })).toBe('Турбина');
    expect(instrumentDisplayName({ type: 1, name: 'Турбина W&H' })).toBe('Турбина W&H');
  });
});

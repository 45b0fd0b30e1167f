import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { stubFetch } from '#client/lib/testing/fetch-stub.ts';
import { statement, ticket, ticketAnswer } from './ticket-page.fixtures.ts';
import { renderTicketPage, setupTicketPageTests } from './ticket-page.test-helpers.tsx';

// The ticket page once the clinic has decided (ADR 0021: the ticket must not ask for what was
// already done): badges say the decisions, the summary says what was decided instead of offering
// actions, the clinic's own words stay on their statement, and own instruments go by their name.

const S = '\u00A0';
const TICKET = 'GET /ajax/cabinet/tickets/501';

setupTicketPageTests(1280);

/** Every quote decided: approved, rejected with a reason, discussed with a question; the server's status and cost. */
function decidedTicket() {
  return ticket({
    status: 'Работы согласованы',
    status_code: 6,
    cost: '36100.00',
    defective_lists: [
      statement({ id: 11, agreed: 1, status: 2, sum: '12500.00', name: 'Турбинный наконечник W&H Synea TA-98' }),
      statement({
        id: 12,
        agreed: 2,
        status: 4,
        sum: '8500.00',
        name: 'Угловой наконечник NSK Ti-Max X25L',
        decision_comment: 'Дорогой ремонт',
      }),
      statement({
        id: 13,
        agreed: 3,
        status: 1,
        sum: '23600.00',
        name: 'Скалер EMS Piezon',
        decision_comment: 'Можно ли без замены пьезоэлемента?',
      }),
    ],
  });
}

const card = (name: string) => screen.getByRole('article', { name });
/** The badge of a statement card; its words start with 'Решение:' or 'Статус:' for screen readers. */
const badge = (name: string) => card(name).querySelector('[data-badge]');

describe('statement badges', () => {
  it("say the clinic's decision, not 'Требует согласования'", async () => {
    const value = ticket({
      defective_lists: [
        statement({ id: 1, agreed: 3, status: 1, name: 'Обсуждаемый' }),
        statement({ id: 2, agreed: 4, status: 1, name: 'Обмененный' }),
        statement({ id: 3, agreed: 2, status: 4, name: 'Отклонённый' }),
        statement({ id: 4, agreed: 1, status: 2, name: 'Согласованный' }),
      ],
    });
    stubFetch({ [TICKET]: ticketAnswer(value) });
    await renderTicketPage();
    await screen.findByRole('heading', { name: 'Дефектные ведомости' });
    expect(badge('Обсуждаемый')).toHaveTextContent(/Решение:\s*На обсуждении/);
    expect(badge('Обмененный')).toHaveTextContent(/Решение:\s*Обмен на новый инструмент/);
    expect(badge('Отклонённый')).toHaveTextContent(/Решение:\s*Отказ от ремонта/);
    expect(badge('Согласованный')).toHaveTextContent(/Решение:\s*Работы согласованы/);
    expect(
      within(screen.getByRole('region', { name: 'Дефектные ведомости' })).queryByText('Требует согласования'),
    ).not.toBeInTheDocument();
  });

  it("let the back office's later status win", async () => {
    stubFetch({
      [TICKET]: ticketAnswer(
        ticket({ defective_lists: [statement({ id: 1, agreed: 3, status: 3, name: 'Закрытый' })] }),
      ),
    });
    await renderTicketPage();
    await screen.findByRole('heading', { name: 'Дефектные ведомости' });
    expect(badge('Закрытый')).toHaveTextContent(/Статус:\s*Закрыта/);
  });

  it('show the question and the reason the clinic wrote', async () => {
    stubFetch({ [TICKET]: ticketAnswer(decidedTicket()) });
    await renderTicketPage();
    await screen.findByRole('heading', { name: 'Дефектные ведомости' });
    expect(within(card('Скалер EMS Piezon')).getByText('Можно ли без замены пьезоэлемента?')).toBeInTheDocument();
    expect(within(card('Скалер EMS Piezon')).getByText('Ваш вопрос:')).toBeInTheDocument();
    expect(within(card('Угловой наконечник NSK Ti-Max X25L')).getByText('Дорогой ремонт')).toBeInTheDocument();
  });
});

describe('the summary once every quote is decided', () => {
  it('shows what was decided and the cost, and no mass-action buttons', async () => {
    stubFetch({ [TICKET]: ticketAnswer(decidedTicket()) });
    await renderTicketPage();
    const summary = await screen.findByRole('region', { name: 'Согласование работ' });
    expect(screen.getByText('Работы согласованы', { selector: '[data-status="6"]' })).toBeInTheDocument();
    for (const name of ['Согласовать все', 'Согласовать выбранные', 'Отказ']) {
      expect(within(summary).queryByRole('button', { name })).not.toBeInTheDocument();
    }
    expect(within(summary).getByText('Решения по всем ведомостям уже приняты.')).toBeInTheDocument();
    const tally = within(summary).getByRole('list', { name: 'Принятые решения' });
    expect(
      within(tally)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Работы согласованы: 1', 'Отказ от ремонта: 1', 'На обсуждении: 1']);
    expect(within(summary).getByText('Стоимость работ').nextElementSibling?.textContent).toBe(`36${S}100,00${S}₽`);
    expect(screen.queryByText('Стоимость выбранных работ')).not.toBeInTheDocument();
  });
});

describe('times', () => {
  it('say their zone', async () => {
    stubFetch({ [TICKET]: ticketAnswer(ticket()) });
    await renderTicketPage();
    await screen.findByRole('heading', { level: 1 });
    expect(screen.getByText('Время').nextElementSibling?.textContent).toBe(`14:07:09${S}МСК`);
  });
});

describe("an instrument of type 'Свой вариант'", () => {
  it('goes by its own name, else its description', async () => {
    const value = ticket({
      defective_lists: [],
      instruments: [
        {
          id: 31,
          serial_number: 'OWN-1',
          status: 1,
          type: 12,
          description: 'Не включается',
          name: 'Фотополимерная лампа',
          guarantee: false,
        },
        {
          id: 32,
          serial_number: 'OWN-2',
          status: 1,
          type: 12,
          description: 'Лампа полимеризационная',
          name: null,
          guarantee: false,
        },
      ],
    });
    stubFetch({ [TICKET]: ticketAnswer(value) });
    await renderTicketPage();
    await screen.findByRole('heading', { name: 'Инструменты' });
    expect(screen.getByRole('heading', { level: 3, name: 'Фотополимерная лампа' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 3, name: 'Лампа полимеризационная' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 3, name: 'Свой вариант' })).not.toBeInTheDocument();
  });
});

import { describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { stubFetch } from '#client/lib/testing/fetch-stub.ts';
import { useOutbox } from '#client/lib/sw-bridge.ts';
import { outboxEntry } from '#client/lib/testing/outbox-entry.ts';
import { setViewportWidth } from '#client/lib/testing/viewport.ts';
import { statement, ticket, ticketAnswer } from './ticket-page.fixtures.ts';
import { renderTicketPage, setupTicketPageTests } from './ticket-page.test-helpers.tsx';
import { reloadTicket, useTicketStore } from './ticket-store.ts';

const S = '\u00A0';
const TICKET = 'GET /ajax/cabinet/tickets/501';
const ids = (statements: Array<{ id: number }>) => statements.map((s) => s.id);

setupTicketPageTests(1280);

/** One approved statement among two waiting ones. */
const mixed = () =>
  ticket({
    defective_lists: [
      statement(),
      statement({ id: 12, series: 'NSK-1', name: 'Угловой наконечник', sum: '8700.00', agreed: 1, status: 2 }),
      statement({ id: 13, series: 'EMS-1', name: 'Скалер', sum: '23400.00', trade_is_enabled: true }),
    ],
  });

describe('mass approval and rejection', () => {
  it("'Согласовать все' acts on every statement with agreed = 0, only while nothing is ticked", async () => {
    const user = userEvent.setup();
    stubFetch({ [TICKET]: ticketAnswer(mixed()) });
    const page = await renderTicketPage();
    await user.click(await screen.findByRole('button', { name: 'Согласовать все' }));
    expect(ids(page.onApprove.mock.calls[0]![0])).toEqual([11, 13]);
    expect(screen.getByRole('button', { name: 'Согласовать выбранные' })).toBeDisabled();

    await user.click(screen.getByRole('checkbox', { name: /Скалер/ }));
    expect(screen.queryByRole('button', { name: 'Согласовать все' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Согласовать выбранные' }));
    expect(ids(page.onApprove.mock.calls[1]![0])).toEqual([13]);
  });

  it("'Отказ' acts on the ticked statements, or on all not agreed when none is ticked", async () => {
    const user = userEvent.setup();
    stubFetch({ [TICKET]: ticketAnswer(mixed()) });
    const page = await renderTicketPage();
    const summary = await screen.findByRole('region', { name: 'Согласование работ' });
    const reject = () => summary.querySelectorAll('button')[summary.querySelectorAll('button').length - 1]!;
    expect(reject()).toHaveTextContent('Отказ');
    await user.click(reject());
    expect(ids(page.onReject.mock.calls[0]![0])).toEqual([11, 13]);
    await user.click(screen.getByRole('checkbox', { name: /Турбинный/ }));
    await user.click(reject());
    expect(ids(page.onReject.mock.calls[1]![0])).toEqual([11]);
  });

  it('a checkbox only on statements not agreed yet', async () => {
    stubFetch({ [TICKET]: ticketAnswer(mixed()) });
    await renderTicketPage();
    await screen.findByRole('heading', { name: 'Дефектные ведомости' });
    expect(screen.getAllByRole('checkbox')).toHaveLength(2);
    expect(screen.queryByRole('checkbox', { name: /Угловой наконечник/ })).not.toBeInTheDocument();
  });

  it('mass actions leave out the statements the service centre closed or cancelled', async () => {
    const user = userEvent.setup();
    const withWithdrawn = ticket({
      defective_lists: [
        ...mixed().defective_lists,
        statement({ id: 14, series: 'KV-1', name: 'Микромотор', status: 4 }),
        statement({ id: 15, series: 'KV-2', name: 'Эндомотор', status: 3 }),
      ],
    });
    stubFetch({ [TICKET]: ticketAnswer(withWithdrawn) });
    const page = await renderTicketPage();
    await user.click(await screen.findByRole('button', { name: 'Согласовать все' }));
    expect(ids(page.onApprove.mock.calls[0]![0])).toEqual([11, 13]);
    expect(screen.getAllByRole('checkbox')).toHaveLength(2);
  });

  it('a finished ticket has no mass actions and nothing to tick', async () => {
    stubFetch({ [TICKET]: ticketAnswer({ ...mixed(), finished: true }) });
    await renderTicketPage();
    await screen.findByRole('heading', { name: 'Дефектные ведомости' });
    for (const name of ['Согласовать все', 'Согласовать выбранные']) {
      expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
    }
    expect(screen.queryByText('Стоимость выбранных работ')).not.toBeInTheDocument();
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
  });

  it('a reload clears the ticks of statements that became agreed', async () => {
    const user = userEvent.setup();
    const after = mixed();
    after.defective_lists[0] = { ...after.defective_lists[0]!, agreed: 1, status: 2 };
    stubFetch({ [TICKET]: [ticketAnswer(mixed()), ticketAnswer(after)] });
    await renderTicketPage();
    await user.click(await screen.findByRole('checkbox', { name: /Турбинный/ }));
    await user.click(screen.getByRole('checkbox', { name: /Скалер/ }));
    expect(useTicketStore.getState().selected[501]).toEqual([11, 13]);
    act(() => reloadTicket(501));
    await waitFor(() => expect(useTicketStore.getState().selected[501]).toEqual([13]));
    await waitFor(() => expect(screen.getAllByRole('checkbox')).toHaveLength(1));
    expect(screen.getByRole('checkbox', { name: /Скалер/ })).toBeChecked();
  });
});

describe('statements whose decision waits to be sent (the outbox)', () => {
  /** The worker keeps a decision on these statements of ticket 501. */
  const waiting = (...statementIds: number[]) =>
    act(() =>
      useOutbox.setState({
        entries: {
          kept: outboxEntry({ id: 'kept', ticketId: 501, statements: statementIds.map((id) => ({ id, version: 1 })) }),
        },
      }),
    );

  it("are left out of 'Согласовать все' and 'Отказ'", async () => {
    const user = userEvent.setup();
    stubFetch({ [TICKET]: ticketAnswer(mixed()) });
    waiting(13);
    const page = await renderTicketPage();
    const summary = await screen.findByRole('region', { name: 'Согласование работ' });
    await user.click(within(summary).getByRole('button', { name: 'Согласовать все' }));
    expect(ids(page.onApprove.mock.calls[0]![0])).toEqual([11]);
    await user.click(within(summary).getByRole('button', { name: 'Отказ' }));
    expect(ids(page.onReject.mock.calls[0]![0])).toEqual([11]);
    const [, , scaler] = screen.getAllByRole('article');
    expect(within(scaler!).getByText('Ожидает отправки', { exact: false })).toBeInTheDocument();
  });

  it('when every statement left waits, no mass actions are offered and the block says why', async () => {
    stubFetch({ [TICKET]: ticketAnswer(mixed()) });
    waiting(11, 13);
    await renderTicketPage();
    const summary = await screen.findByRole('region', { name: 'Согласование работ' });
    expect(within(summary).getByText('Решения по всем ведомостям приняты или ожидают отправки.')).toBeInTheDocument();
    expect(within(summary).queryAllByRole('button')).toEqual([]);
    const tally = within(summary).getByRole('list', { name: 'Принятые решения' });
    expect(within(tally).getByText(/Ожидает отправки/)).toHaveTextContent('Ожидает отправки: 2');
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
  });

  it('a ticked statement loses its tick once its decision waits to be sent', async () => {
    setViewportWidth(390);
    const user = userEvent.setup();
    stubFetch({ [TICKET]: ticketAnswer(mixed()) });
    const page = await renderTicketPage();
    await user.click(await screen.findByRole('checkbox', { name: /Турбинный/ }));
    await user.click(screen.getByRole('checkbox', { name: /Скалер/ }));
    expect(screen.getByTestId('selection-bar')).toBeInTheDocument();

    waiting(11);
    await waitFor(() => expect(useTicketStore.getState().selected[501]).toEqual([13]));
    await user.click(
      within(screen.getByTestId('selection-bar')).getByRole('button', { name: 'Согласовать выбранные' }),
    );
    expect(ids(page.onApprove.mock.calls[0]![0])).toEqual([13]);
  });
});

describe('bottom bar on narrower screens', () => {
  it('at phone width shows the selected cost and approves the ticked ones', async () => {
    setViewportWidth(390);
    const user = userEvent.setup();
    stubFetch({ [TICKET]: ticketAnswer(mixed()) });
    const page = await renderTicketPage();
    await screen.findByRole('heading', { name: 'Дефектные ведомости' });
    expect(screen.queryByTestId('selection-bar')).not.toBeInTheDocument();
    // Desktop only in the summary.
    expect(screen.queryByText('Стоимость выбранных работ')).not.toBeInTheDocument();

    await user.click(screen.getByRole('checkbox', { name: /Турбинный/ }));
    await user.click(screen.getByRole('checkbox', { name: /Скалер/ }));
    const bar = screen.getByTestId('selection-bar');
    expect(bar).toHaveAccessibleName('Выбранные инструменты');
    expect(bar.textContent).toContain(`35${S}900,00${S}₽`);
    const barButton = bar.querySelector('button')!;
    expect(barButton).toHaveTextContent('Согласовать выбранные');
    await user.click(barButton);
    expect(ids(page.onApprove.mock.calls[0]![0])).toEqual([11, 13]);

    await user.click(screen.getByRole('checkbox', { name: /Турбинный/ }));
    await user.click(screen.getByRole('checkbox', { name: /Скалер/ }));
    expect(screen.queryByTestId('selection-bar')).not.toBeInTheDocument();
  });

  it('also between 768 and 1279 px, not from 1280', async () => {
    setViewportWidth(1024);
    const user = userEvent.setup();
    stubFetch({ [TICKET]: ticketAnswer(mixed()) });
    await renderTicketPage();
    await user.click(await screen.findByRole('checkbox', { name: /Скалер/ }));
    expect(screen.getByTestId('selection-bar')).toBeInTheDocument();
  });
});

describe('statement card', () => {
  it('its buttons call back with that statement; trade-in only when enabled', async () => {
    const user = userEvent.setup();
    stubFetch({ [TICKET]: ticketAnswer(mixed()) });
    const page = await renderTicketPage();
    const [turbine, , scaler] = await screen.findAllByRole('article');
    const inCard = (card: HTMLElement, name: string) =>
      [...card.querySelectorAll('button')].find((button) => button.textContent === name);

    expect(inCard(turbine!, 'Обмен на новый инструмент')).toBeUndefined();
    await user.click(inCard(turbine!, 'Согласовать')!);
    expect(ids(page.onApprove.mock.calls[0]![0])).toEqual([11]);
    await user.click(inCard(turbine!, 'Отказ')!);
    expect(ids(page.onReject.mock.calls[0]![0])).toEqual([11]);
    await user.click(inCard(scaler!, 'Обсудить')!);
    expect(page.onDiscuss.mock.calls[0]![0].id).toBe(13);
    await user.click(inCard(scaler!, 'Обмен на новый инструмент')!);
    expect(page.onTradeIn.mock.calls[0]![0].id).toBe(13);
  });

  it('shows what was decided instead of buttons once agreed', async () => {
    const decided = ticket({
      defective_lists: [1, 2, 3, 4].map((agreed) => statement({ id: agreed, agreed, name: `Инструмент ${agreed}` })),
    });
    stubFetch({ [TICKET]: ticketAnswer(decided) });
    await renderTicketPage();
    await screen.findByRole('heading', { name: 'Дефектные ведомости' });
    for (const [index, text] of [
      'Работы согласованы',
      'Отказ от ремонта',
      'На обсуждении',
      'Обмен на новый инструмент',
    ].entries()) {
      expect(screen.getAllByRole('article')[index]?.querySelector('[data-badge]')).toHaveTextContent(
        `Решение: ${text}`,
      );
    }
    expect(screen.queryByRole('button', { name: 'Согласовать' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Обсудить' })).not.toBeInTheDocument();
  });

  it("'Подробнее' expands the details: conclusion, PDF, photos, departure, cost or '---'", async () => {
    const user = userEvent.setup();
    stubFetch({
      [TICKET]: ticketAnswer(
        ticket({ defective_lists: [statement(), statement({ id: 12, name: 'Без оценки', sum: '0.00' })] }),
      ),
    });
    await renderTicketPage();
    const [first, second] = await screen.findAllByRole('button', { name: 'Подробнее' });
    expect(first).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByText('Замена подшипников')).not.toBeInTheDocument();
    await user.click(first!);
    expect(first).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText('Замена подшипников')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Скачать ведомость (PDF)' })).toHaveAttribute(
      'href',
      '/ajax/cabinet/files/901',
    );
    expect(screen.getByRole('link', { name: 'rotor.jpg' })).toHaveAttribute('href', '/ajax/cabinet/files/902');
    const departure = screen.getByRole('link', { name: 'Отследить отправление' });
    expect(departure).toHaveAttribute('target', '_blank');
    expect(departure.getAttribute('rel')).toContain('noopener');
    const costIn = (toggle: HTMLElement) =>
      within(toggle.closest('article')!).getByText('Стоимость работ', { selector: 'dt' }).nextElementSibling
        ?.textContent;
    expect(costIn(first!)).toBe(`12${S}500,00${S}₽`);

    await user.click(second!);
    expect(costIn(second!)).toBe('---');
    await user.click(first!);
    expect(within(first!.closest('article')!).queryByText('Замена подшипников')).not.toBeInTheDocument();
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import dayjs from 'dayjs';
import { formatDateLong } from '#shared/format/date.ts';
import { renderInRouter } from '#client/components/layout/testing/render-in-router.tsx';
import { stubListFetch } from '#client/lib/testing/list-fetch-stub.ts';
import { NUMBER_SEARCH_DEBOUNCE_MS, TicketFilters } from './ticket-filters.tsx';
import { WithFilter } from '#client/lib/testing/filter-state.tsx';
import { EMPTY_TICKETS_FILTER } from './list-query.ts';
import { makeTicket, resetTicketsListStore, ticketsPage } from './testing/list-fixtures.ts';
import { TicketsList } from './tickets-list.tsx';

const PATH = '/ajax/cabinet/tickets';
/** A calendar day's button: its name reads 'понедельник, 10 марта 2025 г.' (not '…, 13 марта…' for 3). */
const dayName = (day: dayjs.Dayjs) => new RegExp(`(^|\\s)${formatDateLong(day.toDate())}`);

beforeEach(() => resetTicketsListStore());
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

async function setup() {
  const stub = stubListFetch(PATH, () => ticketsPage([makeTicket()]));
  await renderInRouter(
    () => (
      <WithFilter initial={EMPTY_TICKETS_FILTER}>
        {(filter, setFilter) => <TicketsList userId={7} filter={filter} onFilterChange={setFilter} />}
      </WithFilter>
    ),
    { path: '/cabinet/tickets' },
  );
  await waitFor(() => expect(stub.requests).toHaveLength(1));
  await screen.findByRole('table');
  const last = () => stub.requests.at(-1)!.query;
  return { ...stub, last };
}

describe('TicketFilters', () => {
  it('sends the chosen status code, and clears it', async () => {
    const user = userEvent.setup();
    const { requests, last } = await setup();
    expect(last()).toEqual({ limit: '50' });

    const select = screen.getByLabelText('Статус');
    expect(within(select).getByRole('option', { name: 'Все статусы' })).toBeInTheDocument();
    await user.selectOptions(select, 'Требует согласования');
    await waitFor(() => expect(last().status).toBe('5'));

    await user.click(screen.getByRole('button', { name: 'Сбросить статус' }));
    await waitFor(() => expect(requests).toHaveLength(3));
    expect(last().status).toBeUndefined();
    expect(select).toHaveValue('');
    expect(screen.queryByRole('button', { name: 'Сбросить статус' })).not.toBeInTheDocument();
  });

  it('searches by number 350 ms after the last keystroke, digits only', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime.bind(vi) });
    const { requests, last } = await setup();
    const input = screen.getByLabelText('Номер заявки');
    await user.type(input, '12a3');
    expect(input).toHaveValue('123');
    act(() => {
      vi.advanceTimersByTime(NUMBER_SEARCH_DEBOUNCE_MS - 10);
    });
    expect(requests).toHaveLength(1);
    act(() => {
      vi.advanceTimersByTime(10);
    });
    await waitFor(() => expect(requests).toHaveLength(2));
    expect(last().number).toBe('123');

    // Clearing applies at once, no wait.
    await user.click(screen.getByRole('button', { name: 'Очистить номер заявки' }));
    await waitFor(() => expect(requests).toHaveLength(3));
    expect(last().number).toBeUndefined();
    expect(input).toHaveValue('');
  });

  it("sends the user's id as client_id with 'Только мои заявки'", async () => {
    const user = userEvent.setup();
    const { requests, last } = await setup();
    await user.click(screen.getByRole('checkbox', { name: 'Только мои заявки' }));
    await waitFor(() => expect(last().client_id).toBe('7'));
    await user.click(screen.getByRole('checkbox', { name: 'Только мои заявки' }));
    await waitFor(() => expect(requests).toHaveLength(3));
    expect(last().client_id).toBeUndefined();
  });

  it('picks a date range in Russian: shown dd.MM.yyyy, sent yyyy-MM-dd, and clears it', async () => {
    const user = userEvent.setup();
    const { requests, last } = await setup();
    await user.click(screen.getByRole('button', { name: 'Период Любая дата' }));
    const dialog = await screen.findByRole('dialog', { name: 'Выберите период' });

    const month = dayjs().startOf('month');
    const start = month.date(10);
    const end = month.date(12);
    const dayButton = (day: dayjs.Dayjs) => within(dialog).findByRole('button', { name: dayName(day) });
    await user.click(await dayButton(start));
    expect(requests).toHaveLength(1); // a start alone waits for the end
    expect(
      within(dialog).getByText(`Начало: ${start.format('DD.MM.YYYY')}. Выберите дату окончания.`),
    ).toBeInTheDocument();
    await user.click(await dayButton(end));

    await waitFor(() => expect(requests).toHaveLength(2));
    expect(last()).toMatchObject({ date_from: start.format('YYYY-MM-DD'), date_to: end.format('YYYY-MM-DD') });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const shown = `${start.format('DD.MM.YYYY')} – ${end.format('DD.MM.YYYY')}`;
    expect(screen.getByRole('button', { name: `Период ${shown}` })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Сбросить период' }));
    await waitFor(() => expect(requests).toHaveLength(3));
    expect(last().date_from).toBeUndefined();
    expect(last().date_to).toBeUndefined();
    expect(screen.getByRole('button', { name: 'Период Любая дата' })).toBeInTheDocument();
  });

  it('applies a start date alone when the picker is closed', async () => {
    const user = userEvent.setup();
    const { last } = await setup();
    await user.click(screen.getByRole('button', { name: 'Период Любая дата' }));
    const dialog = await screen.findByRole('dialog', { name: 'Выберите период' });
    const start = dayjs().startOf('month').date(3);
    await user.click(await within(dialog).findByRole('button', { name: dayName(start) }));
    await user.click(within(dialog).getByRole('button', { name: 'Готово' }));
    await waitFor(() => expect(last().date_from).toBe(start.format('YYYY-MM-DD')));
    expect(last().date_to).toBeUndefined();
    expect(screen.getByRole('button', { name: `Период с ${start.format('DD.MM.YYYY')}` })).toBeInTheDocument();
  });

  it("does not offer the back office's internal statuses 'Статус не определён' and 'Ошибка'", async () => {
    await setup();
    const options = within(screen.getByLabelText('Статус'))
      .getAllByRole('option')
      .map((option) => option.textContent);
    expect(options).toEqual([
      'Все статусы',
      'Ожидает одобрения',
      'Одобрена',
      'Отменена',
      'Требует согласования',
      'Работы согласованы',
      'Закрыта',
    ]);
  });

  it("folds on phones behind one 'Фильтры' button that says how many are on", async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    const filter = { ...EMPTY_TICKETS_FILTER, status: 5, dateFrom: '2026-01-01', dateTo: '2026-01-31' };
    const { rerender } = render(<TicketFilters filter={filter} onChange={onChange} />);
    const toggle = screen.getByRole('button', { name: 'Фильтры · 2' });
    const panel = screen.getByRole('search', { name: 'Фильтры заявок' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveAttribute('aria-controls', panel.id);
    expect(panel).toHaveAttribute('data-open', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(panel).toHaveAttribute('data-open', 'true');

    rerender(<TicketFilters filter={EMPTY_TICKETS_FILTER} onChange={onChange} />);
    expect(screen.getByRole('button', { name: 'Фильтры' })).toBeInTheDocument();
  });

  it('the number field follows the address when it changes by itself (Back, a reset)', () => {
    const onChange = vi.fn();
    const { rerender } = render(
      <TicketFilters filter={{ ...EMPTY_TICKETS_FILTER, number: '12' }} onChange={onChange} />,
    );
    expect(screen.getByLabelText('Номер заявки')).toHaveValue('12');
    rerender(<TicketFilters filter={EMPTY_TICKETS_FILTER} onChange={onChange} />);
    expect(screen.getByLabelText('Номер заявки')).toHaveValue('');
    rerender(<TicketFilters filter={{ ...EMPTY_TICKETS_FILTER, number: '345' }} onChange={onChange} />);
    expect(screen.getByLabelText('Номер заявки')).toHaveValue('345');
    expect(onChange).not.toHaveBeenCalled();
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { levelRefusalMessage } from '#shared/screens/access-levels.ts';
import { OUTBOX_QUEUED_MESSAGE, SEEN_TERMS_HEADER } from '#shared/screens/outbox.ts';
import { reportServerReached } from '#client/lib/connection.ts';
import { stubFetch } from '#client/lib/testing/fetch-stub.ts';
import { connectOutbox, useOutbox } from '#client/lib/sw-bridge.ts';
import { outboxEntry } from '#client/lib/testing/outbox-entry.ts';
import { stubServiceWorker, type ServiceWorkerStub } from '#client/lib/testing/service-worker-stub.ts';
import { useDecisionDialog } from './decision-dialog-store.ts';
import { DecisionDialogs } from './decision-dialogs.tsx';
import { OutboxPanel, WAITING_FOR_CONNECTION_TEXT } from './outbox-panel.tsx';
import { openDecision, turbine } from './testing/fixtures.ts';

const APPROVE = '/ajax/cabinet/defects/approve';
const S = ' ';
const NBSP = '\u00A0';
let worker: ServiceWorkerStub;

beforeEach(() => {
  useDecisionDialog.setState({ request: null, serial: 0 });
  useOutbox.setState({ entries: {} });
  worker = stubServiceWorker();
});
afterEach(() => {
  worker.restore();
  vi.unstubAllGlobals();
});

describe('a decision the service worker kept for later', () => {
  it('closes the popup and says it will be sent, not that it failed', async () => {
    const { calls } = stubFetch({
      [`POST ${APPROVE}`]: {
        status: 202,
        body: { success: true, queued: true, message: OUTBOX_QUEUED_MESSAGE, outbox_id: 'entry-1' },
      },
    });
    const onDecided = vi.fn();
    render(<DecisionDialogs balls={0} onDecided={onDecided} />);
    openDecision('approve', [turbine]);
    const user = userEvent.setup();

    await user.click(
      within(screen.getByRole('dialog', { name: 'Согласовать ремонт?' })).getByRole('button', { name: 'Согласовать' }),
    );
    expect(await screen.findByText(OUTBOX_QUEUED_MESSAGE)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    // Nothing changed on the server yet: no reload until the worker reports it done.
    expect(onDecided).not.toHaveBeenCalled();
    // The page asks the worker for its entries, so the statement shows as waiting at once.
    expect(worker.posted).toContainEqual({ type: 'list' });
    // The terms the user saw go with it, for the worker to keep (a later conflict shows was → now).
    expect(JSON.parse(calls[0]!.headers.get(SEEN_TERMS_HEADER)!)).toEqual([
      { id: 101, version: 3, sum: '12500.00', status: 1, agreed: 0 },
    ]);
  });

  it("takes 'will be sent' away once the worker has settled the decision", async () => {
    stubFetch({
      [`POST ${APPROVE}`]: {
        status: 202,
        body: { success: true, queued: true, message: OUTBOX_QUEUED_MESSAGE, outbox_id: 'entry-1' },
      },
    });
    const disconnect = connectOutbox(window);
    render(<DecisionDialogs balls={0} onDecided={vi.fn()} />);
    openDecision('approve', [turbine]);
    await userEvent.setup().click(
      within(screen.getByRole('dialog', { name: 'Согласовать ремонт?' })).getByRole('button', {
        name: 'Согласовать',
      }),
    );
    expect(await screen.findByText(OUTBOX_QUEUED_MESSAGE)).toBeInTheDocument();

    act(() => worker.emit({ type: 'outbox', entry: outboxEntry({ id: 'entry-1', state: 'sending' }) }));
    expect(screen.getByText(OUTBOX_QUEUED_MESSAGE)).toBeInTheDocument();
    act(() => worker.emit({ type: 'outbox', entry: outboxEntry({ id: 'entry-1', state: 'conflict' }) }));
    expect(screen.queryByText(OUTBOX_QUEUED_MESSAGE)).not.toBeInTheDocument();
    disconnect();
  });
});

describe('the list of waiting decisions', () => {
  function show(...entries: ReturnType<typeof outboxEntry>[]) {
    act(() => useOutbox.setState({ entries: Object.fromEntries(entries.map((entry) => [entry.id, entry])) }));
  }

  it('is hidden while nothing waits', () => {
    render(<OutboxPanel onLogin={vi.fn()} />);
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
    show(outboxEntry({ state: 'done' }));
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
  });

  it('retries and discards an entry through the worker', async () => {
    render(<OutboxPanel onLogin={vi.fn()} />);
    show(
      outboxEntry({ id: 'a', createdAt: 1 }),
      outboxEntry({
        id: 'b',
        createdAt: 2,
        kind: 'reject',
        ticketId: 56,
        state: 'failed',
        lastError: 'Ведомость не найдена',
      }),
    );
    const panel = screen.getByRole('region', { name: 'Решения, ожидающие отправки' });
    const items = within(panel).getAllByRole('listitem');
    expect(items.map((item) => item.getAttribute('aria-label'))).toEqual([
      'Согласование ремонта, заявка №55',
      'Отказ от ремонта, заявка №56',
    ]);
    expect(within(items[0]!).getByText('Ожидает отправки')).toBeInTheDocument();
    expect(within(items[1]!).getByText('Не отправлено: Ведомость не найдена')).toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(within(items[1]!).getByRole('button', { name: 'Повторить' }));
    await user.click(within(items[0]!).getByRole('button', { name: 'Удалить' }));
    await vi.waitFor(() =>
      expect(worker.posted).toEqual([
        { type: 'retry', id: 'b' },
        { type: 'discard', id: 'a' },
      ]),
    );
  });

  it('with no connection folds what only waits for it into one line, which opens on Показать; unfolds when the server answers again', async () => {
    render(<OutboxPanel onLogin={vi.fn()} />);
    act(() => reportServerReached(false));
    show(outboxEntry({ id: 'a', createdAt: 1 }), outboxEntry({ id: 'b', createdAt: 2, ticketId: 56 }));
    const panel = screen.getByRole('region', { name: 'Решения, ожидающие отправки' });
    expect(panel).toHaveTextContent(WAITING_FOR_CONNECTION_TEXT);
    expect(within(panel).queryByRole('listitem')).not.toBeInTheDocument();

    await userEvent.click(within(panel).getByRole('button', { name: 'Показать (2)' }));
    expect(within(panel).getAllByRole('listitem')).toHaveLength(2);
  });

  it('with no connection still shows what needs the user (a login), and unfolds when the server answers again', () => {
    render(<OutboxPanel onLogin={vi.fn()} />);
    act(() => reportServerReached(false));
    show(outboxEntry({ id: 'a', createdAt: 1, state: 'auth' }));
    expect(screen.getByRole('button', { name: 'Войти' })).toBeInTheDocument();

    show(outboxEntry({ id: 'a', createdAt: 1 }));
    expect(screen.getByText(WAITING_FOR_CONNECTION_TEXT)).toBeInTheDocument();
    act(() => reportServerReached(true));
    expect(screen.queryByText(WAITING_FOR_CONNECTION_TEXT)).not.toBeInTheDocument();
    expect(screen.getByRole('listitem')).toBeInTheDocument();
  });

  it('is titled for attention, not as waiting, once nothing in it is still to be sent', () => {
    render(<OutboxPanel onLogin={vi.fn()} />);
    show(outboxEntry({ id: 'a', createdAt: 1, state: 'failed', lastError: 'Ведомость не найдена' }));
    expect(screen.getByRole('region', { name: 'Решения, требующие внимания' })).toBeInTheDocument();
    show(
      outboxEntry({ id: 'a', createdAt: 1, state: 'failed' }),
      outboxEntry({ id: 'b', createdAt: 2, state: 'auth' }),
    );
    expect(screen.getByRole('region', { name: 'Решения, ожидающие отправки' })).toBeInTheDocument();
  });

  it('shows a refused decision as was → now: only what changed, per statement', async () => {
    render(<OutboxPanel onLogin={vi.fn()} />);
    show(
      outboxEntry({
        state: 'conflict',
        statements: [
          { id: 101, version: 3, terms: { sum: '7300.00', status: 1, agreed: 0 } },
          { id: 102, version: 5, terms: { sum: '900.00', status: 1, agreed: 0 } },
          { id: 103, version: 2, terms: { sum: '500.00', status: 1, agreed: 0 } },
        ],
        result: {
          success: false,
          message: 'Ведомость изменилась',
          details: {
            statements: [
              { id: 101, version: 4, sum: '8100.00', status: 1, agreed: 0 },
              { id: 102, version: 6, sum: '900.00', status: 2, agreed: 1 },
              // As the user saw it: another statement of the batch changed.
              { id: 103, version: 2, sum: '500.00', status: 1, agreed: 0 },
            ],
          },
        },
      }),
    );
    const changes = within(screen.getByRole('listitem', { name: 'Согласование ремонта, заявка №55' })).getByRole(
      'list',
    );
    const items = within(changes).getAllByRole('listitem');
    expect(items.map((item) => [...item.children].map((line) => line.textContent))).toEqual([
      [`Ведомость №${NBSP}101`, `Стоимость работ: было 7${NBSP}300,00${NBSP}₽, стало 8${NBSP}100,00${NBSP}₽`],
      [
        `Ведомость №${NBSP}102`,
        'Статус: было «Требует согласования», стало «Работы согласованы»',
        'Решение уже принято: ремонт согласован',
      ],
    ]);
  });

  it("names the instruments from the worker's saved copy of the ticket, and the statement number when there is none", async () => {
    const saved = { success: true, ticket: { defective_lists: [{ id: 101, name: 'Наконечник Sirona T1' }] } };
    vi.stubGlobal('caches', {
      open: async () => ({
        match: async (url: string) =>
          url === '/ajax/cabinet/tickets/55' ? new Response(JSON.stringify(saved)) : undefined,
      }),
    });
    render(<OutboxPanel onLogin={vi.fn()} />);
    show(
      outboxEntry({ id: 'q', createdAt: 1, statements: [{ id: 101, version: 3 }] }),
      outboxEntry({
        id: 'c',
        createdAt: 2,
        ticketId: 56,
        state: 'conflict',
        statements: [{ id: 201, version: 1, terms: { sum: '100.00', status: 1, agreed: 0 } }],
        result: {
          success: false,
          details: { statements: [{ id: 201, version: 2, sum: '200.00', status: 1, agreed: 0 }] },
        },
      }),
    );
    const waiting = screen.getByRole('listitem', { name: 'Согласование ремонта, заявка №55' });
    expect(await within(waiting).findByText('Наконечник Sirona T1')).toBeInTheDocument();
    const refused = screen.getByRole('listitem', { name: 'Согласование ремонта, заявка №56' });
    expect(within(refused).getByText('Ведомость № 201')).toBeInTheDocument();
    vi.unstubAllGlobals();
  });

  it('shows a refused decision with what changed, and asks to log in for an auth one', async () => {
    const onLogin = vi.fn();
    render(<OutboxPanel onLogin={onLogin} />);
    show(
      outboxEntry({
        id: 'c',
        createdAt: 1,
        state: 'conflict',
        result: {
          success: false,
          message: 'Ведомость изменилась, проверьте новые условия',
          details: { statements: [{ id: 101, version: 4, sum: '15000.00', status: 1, agreed: 0 }] },
        },
      }),
      outboxEntry({ id: 'd', createdAt: 2, ticketId: 56, state: 'auth', lastStatus: 401 }),
    );
    const conflict = screen.getByRole('listitem', { name: 'Согласование ремонта, заявка №55' });
    const auth = screen.getByRole('listitem', { name: 'Согласование ремонта, заявка №56' });
    expect(within(conflict!).getByText('Ведомость изменилась, проверьте новые условия')).toBeInTheDocument();
    expect(within(conflict!).getByText('Что изменилось')).toBeInTheDocument();
    expect(within(conflict!).getByText(new RegExp(`стоимость работ 15${S}000,00${S}₽`))).toBeInTheDocument();
    expect(within(conflict!).queryByRole('button', { name: 'Повторить' })).not.toBeInTheDocument();

    expect(within(auth!).getByText('Войдите снова, чтобы отправить решение')).toBeInTheDocument();
    await userEvent.setup().click(within(auth!).getByRole('button', { name: 'Войти' }));
    expect(onLogin).toHaveBeenCalled();
  });

  it("shows a decision refused because the colleague's level no longer gives decisions calmly, with no retry", async () => {
    const message = levelRefusalMessage('tickets', 'decisions');
    render(<OutboxPanel onLogin={vi.fn()} />);
    show(
      outboxEntry({
        id: 'e',
        state: 'conflict',
        lastStatus: 403,
        result: { success: false, message, details: { reason: 'access_level', level: 'tickets' } },
      }),
    );
    const panel = screen.getByRole('region', { name: 'Решения, требующие внимания' });
    const refused = within(panel).getByRole('listitem', { name: 'Согласование ремонта, заявка №55' });
    const told = within(refused).getByText(message);
    expect(told).toHaveAttribute('data-tone', 'info');
    expect(within(refused).queryByText('Что изменилось')).not.toBeInTheDocument();
    expect(within(refused).queryByText(/Не отправлено/)).not.toBeInTheDocument();
    expect(within(refused).queryByRole('button', { name: 'Повторить' })).not.toBeInTheDocument();
    expect(within(refused).queryByRole('button', { name: 'Войти' })).not.toBeInTheDocument();
    await userEvent.setup().click(within(refused).getByRole('button', { name: 'Удалить' }));
    await vi.waitFor(() => expect(worker.posted).toEqual([{ type: 'discard', id: 'e' }]));
  });
});

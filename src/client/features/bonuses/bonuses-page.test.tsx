import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { BONUS_TEXTS, type BonusesData, type BonusRow } from '#shared/screens/bonuses.ts';
import { renderInRouter } from '#client/components/layout/testing/render-in-router.tsx';
import { stubFetch } from '#client/lib/testing/fetch-stub.ts';
import { BonusesPage } from './bonuses-page.tsx';

// Бонусы (portal.md §4.7; ADR 0016, amended): the balance, pending with dates, expiring
// points, whether the clinic earns — in words that match the ledger shown — the ledger with sources;
// loading, empty and error states.

afterEach(() => {
  vi.unstubAllGlobals();
});

const row = (overrides: Partial<BonusRow>): BonusRow => ({
  key: '1',
  kind: 'earned',
  points: 617,
  date: '2026-03-02T09:00:00.000Z',
  reason: 'оплата счёта №СЧ-7',
  state: 'pending',
  activates_at: '2026-03-04T09:00:00.000Z',
  expires_at: '2027-03-04T09:00:00.000Z',
  ticket_id: null,
  bill: null,
  order: null,
  ...overrides,
});

const data = (overrides: Partial<BonusesData> = {}): BonusesData => ({
  balance: 350,
  pending: 617,
  pending_by_date: [
    { points: 617, activates_at: '2026-03-04T09:00:00.000Z' },
    { points: 1, activates_at: '2026-03-05T09:00:00.000Z' },
  ],
  expiring: [{ points: 50, expires_at: '2026-03-20T09:00:00.000Z' }],
  not_earning: null,
  programme: null,
  rows: [
    row({
      key: '3',
      kind: 'spent',
      points: -150,
      reason: 'Списание в счёт ремонта по ведомости №12',
      state: null,
      activates_at: null,
      expires_at: null,
      ticket_id: 42,
    }),
    row({ key: '2', bill: 'СЧ-7' }),
    row({ key: '1:expired', kind: 'expired', points: -20, reason: 'Бонус', state: null, order: 'ORD-9' }),
  ],
  ...overrides,
});

/** Serves these points and renders the page. */
async function renderWithPoints(overrides: Partial<BonusesData> = {}) {
  stubFetch({ 'GET /ajax/cabinet/points': { body: { success: true, data: data(overrides) } } });
  await renderInRouter(() => <BonusesPage onLoaded={() => {}} />);
}

describe('BonusesPage', () => {
  it('shows the balance, pending points with their dates, points about to expire and the ledger with its sources', async () => {
    const onLoaded = vi.fn();
    stubFetch({ 'GET /ajax/cabinet/points': { body: { success: true, data: data() } } });
    await renderInRouter(() => <BonusesPage onLoaded={onLoaded} />);
    const balance = await screen.findByRole('region', { name: 'Доступно' });
    expect(balance).toHaveTextContent('350 бонусов');
    // The number and its word stay on one line.
    expect(balance.textContent).toContain('350\u00A0бонусов');
    const pending = screen.getByRole('region', { name: 'Ожидают активации: 617' });
    expect(pending).toHaveTextContent('ещё 617 бонусов станут доступны 04.03');
    expect(pending).toHaveTextContent('ещё 1 бонус станет доступен 05.03');
    expect(screen.getByRole('region', { name: 'Скоро сгорят' })).toHaveTextContent('50 бонусов сгорят 20.03.2026');
    const items = within(screen.getByRole('list', { name: 'История бонусов' })).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringContaining('Списано−150'),
      expect.stringContaining('Начислено+617'),
      expect.stringContaining('Сгорело−20'),
    ]);
    expect(within(items[0]!).getByRole('link', { name: 'Заявка №42' })).toHaveAttribute('href', '/cabinet/tickets/42');
    expect(within(items[1]!).getByRole('link', { name: 'Счёт №СЧ-7' })).toHaveAttribute('href', '/cabinet/bills');
    expect(items[1]).toHaveTextContent('станут доступны 04.03.2026');
    expect(items[2]).toHaveTextContent('Заказ №ORD-9');
    expect(screen.getByRole('link', { name: 'Как потратить?' })).toHaveAttribute('href', '/loyalty');
    expect(onLoaded).toHaveBeenCalledOnce();
  });

  it("groups the ledger's points by thousands, as the balance is: +1 500, −2 000", async () => {
    await renderWithPoints({
      rows: [
        row({ key: '7', kind: 'credited', points: 1500, reason: 'Приветственные бонусы', state: 'active' }),
        row({ key: '8', kind: 'spent', points: -2000, state: null }),
      ],
    });
    const items = within(await screen.findByRole('list', { name: 'История бонусов' })).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringContaining('Зачислено+1\u00A0500'),
      expect.stringContaining('Списано−2\u00A0000'),
    ]);
  });

  // What the page says about earning matches the ledger it shows, in each state.
  const earningNotice = () => screen.queryByRole('region', { name: 'Начисление бонусов' });

  it('tells a participant it earns 5 % and asks nothing to be confirmed', async () => {
    await renderWithPoints({ rows: [row({ key: '9', kind: 'credited', reason: 'Промокод ВЕСНА', state: 'active' })] });
    await screen.findByRole('list', { name: 'История бонусов' });
    expect(earningNotice()).toHaveTextContent(BONUS_TEXTS.earning);
    expect(screen.queryByText(/не начисляются/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Подтверждаю' })).not.toBeInTheDocument();
  });

  it('tells a clinic that left it earns nothing, beside the annulment, and promises no 5 % anywhere', async () => {
    const annulled = row({
      key: '5',
      kind: 'annulled',
      points: -300,
      reason: 'выход из программы лояльности',
      state: null,
      activates_at: null,
      expires_at: null,
    });
    await renderWithPoints({
      balance: 0,
      pending: 0,
      pending_by_date: [],
      expiring: [],
      not_earning: 'left',
      rows: [annulled],
    });
    expect(await screen.findByRole('region', { name: 'Начисление бонусов' })).toHaveTextContent(
      'Бонусы не начисляются: вы вышли из программы лояльности.',
    );
    expect(screen.getByRole('list', { name: 'История бонусов' })).toHaveTextContent('выход из программы лояльности');
    expect(document.body).not.toHaveTextContent('5 %');
    expect(screen.queryByRole('button', { name: 'Подтверждаю' })).not.toBeInTheDocument();
  });

  it('tells a suspended clinic its new points wait, as its pending lines and ledger show', async () => {
    const held = row({
      key: '6',
      kind: 'credited',
      points: 120,
      reason: 'Промокод ЛЕТО',
      state: 'pending',
      activates_at: null,
      expires_at: null,
    });
    await renderWithPoints({
      pending: 120,
      pending_by_date: [{ points: 120, activates_at: null }],
      expiring: [],
      not_earning: 'suspended',
      rows: [held],
    });
    expect(await screen.findByRole('region', { name: 'Начисление бонусов' })).toHaveTextContent(
      'Участие в программе лояльности приостановлено: новые бонусы не активируются до его восстановления.',
    );
    expect(screen.getByRole('region', { name: 'Ожидают активации: 120' })).toHaveTextContent(
      'ещё 120 бонусов станут доступны после восстановления участия',
    );
    expect(screen.getByRole('list', { name: 'История бонусов' })).toHaveTextContent('ожидают восстановления участия');
    expect(document.body).not.toHaveTextContent('5 %');
  });

  it('shows the programme’s notice, and an empty ledger in words', async () => {
    await renderWithPoints({
      balance: 0,
      pending: 0,
      pending_by_date: [],
      expiring: [],
      rows: [],
      not_earning: 'programme',
      programme: { state: 'ending', ends_on: '2026-03-20T09:00:00.000Z', ended: false },
    });
    expect(
      await screen.findByText(/Программа лояльности завершится 20\.03\.2026\. Начисление бонусов остановлено/),
    ).toBeInTheDocument();
    expect(screen.getByText('Нет бонусов, ожидающих активации.')).toBeInTheDocument();
    expect(screen.getByText(/Пока нет ни начислений, ни списаний/)).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Скоро сгорят' })).not.toBeInTheDocument();
    // The notice says it; nothing else promises points or asks for a confirmation.
    expect(earningNotice()).not.toBeInTheDocument();
    expect(document.body).not.toHaveTextContent('5 %');
  });

  it('shows a skeleton while loading, and a failure with Повторить that loads again', async () => {
    let failing = true;
    stubFetch({
      'GET /ajax/cabinet/points': () =>
        failing ? { status: 500, body: { success: false } } : { body: { success: true, data: data() } },
    });
    await renderInRouter(() => <BonusesPage onLoaded={() => {}} />);
    expect(screen.getByLabelText('Загрузка бонусов')).toHaveAttribute('aria-busy', 'true');
    expect(await screen.findByRole('alert')).toHaveTextContent('Сервер временно недоступен');
    failing = false;
    await userEvent.click(screen.getByRole('button', { name: 'Повторить' }));
    expect(await screen.findByRole('region', { name: 'Доступно' })).toHaveTextContent('350');
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderInRouter } from '#client/components/layout/testing/render-in-router.tsx';
import { NotificationsPage } from '#client/features/notifications/notifications-page.tsx';
import { StopLinkedText } from '#client/features/notifications/stop-linked-text.tsx';
import { stubFetch } from '#client/lib/testing/fetch-stub.ts';
import { CourierMore } from './courier-more.tsx';
import { CourierShell } from './courier-shell.tsx';

// The courier's 'Уведомления' (its badge, each notice opening its stop or the route) and 'Ещё' (the
// account, 'Сменить пароль', the support phone with its loading and failure, 'Выйти').

afterEach(() => {
  vi.unstubAllGlobals();
});

const COURIER = { name: 'Пётр', surname: 'Курьеров', email: 'petr@service.test', phone: '+7 916 000-00-01' };

const contacts = (support_phone: string | null) => ({
  body: { success: true, support_email: null, support_phone, offices: [] },
});

describe("the courier's tab bar", () => {
  it("counts the unread notifications on 'Уведомления', and shows no badge at 0", async () => {
    await renderInRouter(() => <CourierShell unread={3}>Маршрут</CourierShell>);
    const bar = screen.getByRole('navigation', { name: 'Разделы курьера' });
    const tab = await within(bar).findByRole('link', { name: 'Уведомления, 3 непрочитанных' });
    expect(within(tab).getByTestId('badge')).toHaveTextContent('3');
  });

  it('shows no badge when nothing is unread', async () => {
    await renderInRouter(() => <CourierShell unread={0}>Маршрут</CourierShell>);
    expect(await screen.findByRole('link', { name: 'Уведомления' })).toBeInTheDocument();
    expect(screen.queryByTestId('badge')).not.toBeInTheDocument();
  });
});

describe("the courier's notifications", () => {
  it("open the stop's card while it is on the route, and the route once it has left it", async () => {
    stubFetch({
      'GET /ajax/cabinet/notifications': {
        body: {
          success: true,
          data: [
            {
              id: 2,
              description: 'Новая остановка на 05.03: Забрать — Клиника',
              created_at: '2026-03-04 12:00:00',
              is_viewed: false,
              stop_id: 31,
            },
            {
              id: 1,
              description: 'Остановка на 04.03 отменена сервисным центром',
              created_at: '2026-03-04 11:00:00',
              is_viewed: true,
              stop_id: null,
            },
          ],
          next_cursor: null,
        },
      },
      'POST /ajax/cabinet/notifications/read': { body: { success: true, unread: 0 } },
    });
    await renderInRouter(() => (
      <NotificationsPage
        historyLink={false}
        onRead={() => {}}
        linkedText={(item) => <StopLinkedText text={item.description} stopId={item.stop_id} />}
      />
    ));
    const list = await screen.findByRole('list', { name: 'Уведомления' });
    expect(within(list).getByRole('link', { name: /Новая остановка/ })).toHaveAttribute('href', '/courier/stops/31');
    expect(within(list).getByRole('link', { name: /отменена/ })).toHaveAttribute('href', '/courier');
    expect(screen.queryByRole('link', { name: 'Показать все' })).not.toBeInTheDocument();
  });
});

describe("the courier's 'Ещё'", () => {
  it("shows who is logged in, 'Сменить пароль' and the support phone to call, by keyboard", async () => {
    stubFetch({ 'GET /ajax/contacts': contacts('+7 495 111-22-33') });
    const onClose = vi.fn();
    await renderInRouter(() => <CourierMore user={COURIER} onClose={onClose} onLogout={() => {}} />);
    expect(screen.getByText('Пётр Курьеров')).toBeInTheDocument();
    expect(screen.getByText('petr@service.test')).toBeInTheDocument();
    expect(screen.getByText('+7 916 000-00-01')).toBeInTheDocument();
    expect(screen.getByLabelText('Загрузка телефона поддержки')).toHaveAttribute('aria-busy', 'true');
    expect(await screen.findByRole('link', { name: '+7 495 111-22-33' })).toHaveAttribute('href', 'tel:+74951112233');
    await userEvent.tab();
    const password = screen.getByRole('link', { name: 'Сменить пароль' });
    expect(password).toHaveFocus();
    expect(password).toHaveAttribute('href', '/courier/password');
    await userEvent.keyboard('{Enter}');
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('says nothing of support when the portal has no phone, and logs out with the sheet closed', async () => {
    stubFetch({ 'GET /ajax/contacts': contacts(null) });
    const onClose = vi.fn();
    const onLogout = vi.fn();
    await renderInRouter(() => <CourierMore user={COURIER} onClose={onClose} onLogout={onLogout} />);
    await waitFor(() => expect(screen.queryByLabelText('Загрузка телефона поддержки')).not.toBeInTheDocument());
    expect(screen.queryByText(/Поддержка сервисного центра/)).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Выйти' }));
    expect(onClose).toHaveBeenCalledOnce();
    expect(onLogout).toHaveBeenCalledOnce();
  });

  it("says so in Russian when the phone fails to load, and 'Повторить' loads it", async () => {
    let down = true;
    stubFetch({
      'GET /ajax/contacts': () => (down ? { status: 500, body: { success: false } } : contacts('+7 495 111-22-33')),
    });
    await renderInRouter(() => <CourierMore user={COURIER} onClose={() => {}} onLogout={() => {}} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Сервер временно недоступен. Попробуйте позже.');
    down = false;
    await userEvent.click(screen.getByRole('button', { name: 'Повторить' }));
    expect(await screen.findByRole('link', { name: '+7 495 111-22-33' })).toBeInTheDocument();
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { IDEMPOTENCY_HEADER } from '#shared/api/headers.ts';
import type { CourierStop } from '#shared/screens/courier.ts';
import { renderInRouter } from '#client/components/layout/testing/render-in-router.tsx';
import { stubFetch } from '#client/lib/testing/fetch-stub.ts';
import { goOffline, resetConnection } from '#client/lib/testing/connection.ts';
import { outboxEntry } from '#client/lib/testing/outbox-entry.ts';
import { applyOutboxNotice, useOutbox } from '#client/lib/sw-bridge.ts';
import { moscowDay } from './days.ts';
import { CourierMapPage } from './courier-map-page.tsx';
import { CourierOutboxPanel } from './courier-outbox-panel.tsx';
import { CourierRouteList } from './route-list.tsx';
import { useCourierRoute } from './route-store.ts';
import { StopCard } from './stop-card.tsx';

const USER = 7;

function stop(overrides: Partial<CourierStop> = {}): CourierStop {
  return {
    id: 31,
    number: 1,
    ticket_id: 501,
    kind: 'pickup',
    state: 'planned',
    date: moscowDay(0),
    window: '10:00-13:00',
    clinic: { name: 'Стоматология «Улыбка»' },
    address: {
      address: 'Москва, ул. Тверская, 7',
      room: 'офис 12',
      comment: 'Вход со двора',
      coordinates: '55.76,37.61',
    },
    contact: { name: 'Анна Петрова', phone: '+79161234567' },
    comment: 'Позвонить за 15 минут',
    instruments: [
      {
        id: 1,
        serial_number: 'SN-1',
        type: 1,
        type_name: 'Турбина',
        name: null,
        description: 'Не вращается',
        guarantee: true,
      },
      {
        id: 2,
        serial_number: 'SN-2',
        type: 12,
        type_name: 'Свой вариант',
        name: 'Фотополимерная лампа',
        description: 'Не включается',
        guarantee: false,
      },
    ],
    photos: [{ id: 9, url: '/ajax/courier/files/9' }],
    eta_at: null,
    finished_at: null,
    done: null,
    failed: null,
    ...overrides,
  };
}

const dayAnswer = (stops: CourierStop[]) => ({ body: { success: true, date: moscowDay(0), stops } });

/** The stop handed over at 11:40 today to 'Анна', each instrument ticked as `collected` says. */
function finishedStop(collected: boolean[], overrides: Partial<CourierStop> = {}): CourierStop {
  return stop({
    state: 'done',
    finished_at: `${moscowDay(0)} 11:40:00`,
    done: {
      instruments: collected.map((ticked, index) => ({ id: index + 1, collected: ticked })),
      person: 'Анна',
      photos: [],
    },
    ...overrides,
  });
}

beforeEach(() => {
  useCourierRoute.setState({ days: {}, hydrated: true, day: 'today' });
  useOutbox.setState({ entries: {} });
  resetConnection();
});
afterEach(() => {
  vi.unstubAllGlobals();
  resetConnection();
});

describe('the route', () => {
  it("lists the day's stops in order with what a courier needs, and keeps them on the phone", async () => {
    const second = stop({ id: 32, number: 2, kind: 'return', state: 'en_route', eta_at: `${moscowDay(0)} 11:40:00` });
    const { calls } = stubFetch({ 'GET /ajax/courier/stops': dayAnswer([stop(), second]) });
    await renderInRouter(() => <CourierRouteList userId={USER} day="today" onDayChange={() => {}} />);
    const rows = await screen.findAllByTestId('courier-stop');
    expect(rows).toHaveLength(2);
    const first = within(rows[0]!);
    expect(first.getByText('Стоматология «Улыбка»')).toBeInTheDocument();
    expect(first.getByText('Москва, ул. Тверская, 7, офис 12')).toBeInTheDocument();
    expect(first.getByText('Вход со двора')).toBeInTheDocument();
    expect(first.getByText('10:00-13:00')).toBeInTheDocument();
    expect(first.getByText('Забрать')).toBeInTheDocument();
    expect(rows[0]).toHaveTextContent('2 инструмента');
    expect(first.getByText('Запланирована')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Привезти')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Еду, буду в 11:40')).toBeInTheDocument();
    expect(calls.some((call) => call.query.date === moscowDay(0))).toBe(true);
    // Tomorrow is fetched and kept too.
    await waitFor(() => expect(calls.some((call) => call.query.date === moscowDay(1))).toBe(true));
    await waitFor(() => expect(useCourierRoute.getState().days[moscowDay(0)]?.stops).toHaveLength(2));
  });

  it('says when a day has no stops, and switches to tomorrow', async () => {
    stubFetch({ 'GET /ajax/courier/stops': dayAnswer([]) });
    const onDayChange = vi.fn();
    await renderInRouter(() => <CourierRouteList userId={USER} day="today" onDayChange={onDayChange} />);
    expect(await screen.findByText('На этот день остановок нет')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Сегодня' })).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(screen.getByRole('button', { name: 'Завтра' }));
    expect(onDayChange).toHaveBeenCalledWith('tomorrow');
  });

  it('shows the saved route with its age when there is no connection', async () => {
    const savedAt = Date.now() - 5 * 60_000;
    useCourierRoute.setState({ days: { [moscowDay(0)]: { stops: [stop()], fetchedAt: savedAt, ownerId: USER } } });
    goOffline();
    stubFetch({});
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await renderInRouter(() => <CourierRouteList userId={USER} day="today" onDayChange={() => {}} />);
    expect(await screen.findByText('Обновлено 5 минут назад')).toBeInTheDocument();
    expect(screen.getByText('Стоматология «Улыбка»')).toBeInTheDocument();
  });

  it("never shows another account's saved route", async () => {
    useCourierRoute.setState({ days: { [moscowDay(0)]: { stops: [stop()], fetchedAt: Date.now(), ownerId: 99 } } });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    goOffline();
    await renderInRouter(() => <CourierRouteList userId={USER} day="today" onDayChange={() => {}} />);
    expect(await screen.findByText('Маршрут загрузится, когда появится связь.')).toBeInTheDocument();
    expect(screen.queryByText('Стоматология «Улыбка»')).toBeNull();
  });
});

describe("a stop's card", () => {
  it('shows the address, the map link, the contact, the instruments, the photos and the comment', async () => {
    stubFetch({ 'GET /ajax/courier/stops/31': { body: { success: true, stop: stop() } } });
    await renderInRouter(() => <StopCard userId={USER} id={31} />);
    expect(await screen.findByRole('heading', { name: '1. Стоматология «Улыбка»' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Открыть в картах' }).getAttribute('href')).toContain('55.76');
    expect(screen.getByRole('link', { name: /\+7/ }).getAttribute('href')).toBe('tel:+79161234567');
    expect(screen.getByText('Анна Петрова')).toBeInTheDocument();
    expect(screen.getByText('На гарантии')).toBeInTheDocument();
    // A 'Свой вариант' is named as the clinic wrote it, as on the clinic's own ticket page.
    const instruments = screen.getByRole('heading', { name: 'Инструменты' }).nextElementSibling as HTMLElement;
    expect(within(instruments).getByText('Фотополимерная лампа')).toBeInTheDocument();
    expect(within(instruments).queryByText(/Свой вариант/)).toBeNull();
    expect(screen.getByText('Не вращается')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Фото 1' })).toBeInTheDocument();
    expect(screen.getByText('Позвонить за 15 минут')).toBeInTheDocument();
  });

  it("names a 'Свой вариант' without a name by its description, once, on the card and the checklist", async () => {
    const unnamed = {
      id: 3,
      serial_number: 'SN-3',
      type: 12,
      type_name: 'Свой вариант',
      name: null,
      description: 'Пескоструйный аппарат',
      guarantee: false,
    };
    stubFetch({ 'GET /ajax/courier/stops/31': { body: { success: true, stop: stop({ instruments: [unnamed] }) } } });
    await renderInRouter(() => <StopCard userId={USER} id={31} />);
    const instruments = (await screen.findByRole('heading', { name: 'Инструменты' })).nextElementSibling as HTMLElement;
    expect(within(instruments).getByText('Пескоструйный аппарат')).toBeInTheDocument();
    expect(within(instruments).queryByText(/Свой вариант/)).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Забрал' }));
    expect(screen.getByRole('checkbox', { name: /^Пескоструйный аппарат, №\s+SN-3$/ })).toBeChecked();
  });

  it("sends 'Еду' with the chosen time, the tap's key and time; the focus goes to what happened", async () => {
    const { calls } = stubFetch({
      'GET /ajax/courier/stops/31': { body: { success: true, stop: stop() } },
      'POST /ajax/courier/stops/en-route': {
        body: { success: true, stop: stop({ state: 'en_route', eta_at: `${moscowDay(0)} 12:10:00` }) },
      },
    });
    await renderInRouter(() => <StopCard userId={USER} id={31} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Еду' }));
    await userEvent.click(screen.getByRole('button', { name: '30 мин' }));
    expect(await screen.findByText('Еду, буду в 12:10')).toBeInTheDocument();
    const post = calls.find((call) => call.method === 'POST')!;
    expect(post.body).toMatchObject({ stop_id: 31, eta_minutes: 30 });
    expect((post.body as { at: string }).at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(post.headers.get(IDEMPOTENCY_HEADER)).toMatch(/^[\w-]{8,}$/);
    // The tapped '30 мин' went with its panel: the notice holds the focus, not the page.
    expect(screen.queryByRole('button', { name: '30 мин' })).toBeNull();
    await waitFor(() => expect(screen.getByText('Отправлено').closest('[tabindex="-1"]')).toHaveFocus());
  });

  it("'Забрал' needs a name, sends the checklist, and a kept action shows 'Ожидает отправки' until sent", async () => {
    const { calls } = stubFetch({
      'GET /ajax/courier/stops/31': { body: { success: true, stop: stop() } },
      'POST /ajax/courier/stops/done': {
        status: 202,
        body: { success: true, queued: true, message: 'Отметка сохранена', outbox_id: 'e1' },
      },
    });
    await renderInRouter(() => <StopCard userId={USER} id={31} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Забрал' }));
    const boxes = screen.getAllByRole('checkbox');
    expect(boxes.every((box) => (box as HTMLInputElement).checked)).toBe(true);
    await userEvent.click(boxes[1]!);
    await userEvent.click(screen.getByRole('button', { name: 'Подтвердить' }));
    expect(await screen.findByText('Укажите, кто передал или принял инструменты')).toBeInTheDocument();
    expect(screen.getByLabelText('Кто передал инструменты')).toHaveFocus();
    await userEvent.type(screen.getByLabelText('Кто передал инструменты'), 'Анна');
    await userEvent.click(screen.getByRole('button', { name: 'Подтвердить' }));
    await screen.findByText('Нет связи: отметка сохранена на телефоне и отправится сама.');
    const post = calls.find((call) => call.method === 'POST')!;
    expect(post.body).toMatchObject({
      stop_id: 31,
      person: 'Анна',
      instruments: [
        { id: 1, collected: true },
        { id: 2, collected: false },
      ],
      photo_file_ids: [],
    });
    // The worker reports it waiting: the card says so, and offers no second action.
    useOutbox.setState({
      entries: {
        e1: outboxEntry({ id: 'e1', kind: 'stop-done', statements: [{ id: -31, version: 0 }], state: 'queued' }),
      },
    });
    expect(await screen.findByTestId('courier-stop-pending')).toHaveTextContent('Забрал: Ожидает отправки');
    expect(screen.queryByRole('button', { name: 'Не застал' })).toBeNull();
    // Sent: 'отправится сама' no longer holds, and goes.
    const queued = 'Нет связи: отметка сохранена на телефоне и отправится сама.';
    expect(screen.getByText(queued)).toBeInTheDocument();
    useOutbox.setState({
      entries: {
        e1: outboxEntry({ id: 'e1', kind: 'stop-done', statements: [{ id: -31, version: 0 }], state: 'done' }),
      },
    });
    await waitFor(() => expect(screen.queryByText(queued)).toBeNull());
  });

  it("'Подтвердить' does not send a checklist with nothing ticked, and says why beside it", async () => {
    const { calls } = stubFetch({ 'GET /ajax/courier/stops/31': { body: { success: true, stop: stop() } } });
    await renderInRouter(() => <StopCard userId={USER} id={31} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Забрал' }));
    await userEvent.type(screen.getByLabelText('Кто передал инструменты'), 'Анна');
    for (const box of screen.getAllByRole('checkbox')) await userEvent.click(box);
    const why = 'Отметьте хотя бы один инструмент. Если не забрали ни одного — «Не застал»';
    const confirm = screen.getByRole('button', { name: 'Подтвердить' });
    expect(confirm).toHaveAccessibleDescription(why);
    await userEvent.click(confirm);
    expect(screen.getAllByRole('checkbox')[0]).toHaveFocus();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
    // One ticked again: the line goes, and the hand-over may be sent.
    await userEvent.click(screen.getAllByRole('checkbox')[1]!);
    expect(screen.queryByText(why)).toBeNull();
  });

  it('brings the panel a button opens into sight: it opens below the buttons, at the foot of the card', async () => {
    stubFetch({ 'GET /ajax/courier/stops/31': { body: { success: true, stop: stop() } } });
    const scrolled = vi.spyOn(HTMLElement.prototype, 'scrollIntoView');
    try {
      await renderInRouter(() => <StopCard userId={USER} id={31} />);
      await userEvent.click(await screen.findByRole('button', { name: 'Не застал' }));
      const panel = screen.getByRole('form', { name: 'Не застал' });
      expect(scrolled.mock.contexts.some((element) => (element as HTMLElement).contains(panel))).toBe(true);
    } finally {
      scrolled.mockRestore();
    }
  });

  it("keeps a photo taken with no connection and sends it with 'Забрал' in one call", async () => {
    const { calls } = stubFetch({
      'GET /ajax/courier/stops/31': { body: { success: true, stop: stop() } },
      'POST /ajax/courier/stops/done-with-photos': {
        status: 202,
        body: { success: true, queued: true, message: 'Отметка сохранена', outbox_id: 'e4' },
      },
    });
    await renderInRouter(() => <StopCard userId={USER} id={31} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Забрал' }));
    goOffline();
    const photo = new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2])], 'handover.jpg', { type: 'image/jpeg' });
    // The browser's own 'Choose File' words are hidden: the button speaks Russian on any phone.
    expect(screen.getByLabelText('Сфотографировать')).toBe(screen.getByLabelText('Фото (необязательно)'));
    await userEvent.upload(screen.getByLabelText('Фото (необязательно)'), photo);
    expect(await screen.findByTestId('courier-done-photo')).toHaveTextContent(
      'Фото сохранено на телефоне и отправится вместе с отметкой',
    );
    // The chosen file's name, which the native input used to show beside its button.
    expect(screen.getByTestId('courier-done-photo')).toHaveTextContent('handover.jpg');
    // Nothing was uploaded: the photo waits for 'Подтвердить'.
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
    await userEvent.type(screen.getByLabelText('Кто передал инструменты'), 'Анна');
    await userEvent.click(screen.getByRole('button', { name: 'Подтвердить' }));
    await screen.findByText('Нет связи: отметка сохранена на телефоне и отправится сама.');
    const posts = calls.filter((call) => call.method === 'POST');
    expect(posts.map((call) => call.path)).toEqual(['/ajax/courier/stops/done-with-photos']);
    const [sent] = posts;
    expect(sent!.headers.get(IDEMPOTENCY_HEADER)).toMatch(/^[\w-]{8,}$/);
    expect(String(sent!.body)).toMatch(/name="photo"; filename="handover\.jpg"/);
    expect(String(sent!.body)).toMatch(/name="request"[\s\S]*"stop_id":31[\s\S]*"person":"Анна"/);
  });

  it('refuses a photo that is not an image before keeping it', async () => {
    stubFetch({ 'GET /ajax/courier/stops/31': { body: { success: true, stop: stop() } } });
    await renderInRouter(() => <StopCard userId={USER} id={31} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Забрал' }));
    goOffline();
    const input = screen.getByLabelText('Фото (необязательно)');
    await userEvent.upload(input, new File(['%PDF'], 'act.pdf', { type: 'application/pdf' }), { applyAccept: false });
    expect(await screen.findByText('Фото должно быть в формате JPEG или PNG')).toBeInTheDocument();
    expect(screen.queryByTestId('courier-done-photo')).toBeNull();
  });

  it("'Не застал' with 'Другое' needs a comment", async () => {
    const { calls } = stubFetch({
      'GET /ajax/courier/stops/31': { body: { success: true, stop: stop() } },
      'POST /ajax/courier/stops/failed': { body: { success: true, stop: stop({ state: 'failed' }) } },
    });
    await renderInRouter(() => <StopCard userId={USER} id={31} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Не застал' }));
    await userEvent.click(screen.getByRole('radio', { name: 'Другое' }));
    await userEvent.click(screen.getByRole('button', { name: 'Подтвердить' }));
    expect(await screen.findByText('Опишите причину')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Комментарий (обязательно)'), 'Охрана не пустила');
    await userEvent.click(screen.getByRole('button', { name: 'Подтвердить' }));
    await waitFor(() => expect(screen.getByTestId('courier-stop-state')).toHaveTextContent('Не застал'));
    expect(calls.find((call) => call.method === 'POST')!.body).toMatchObject({
      stop_id: 31,
      reason: 'other',
      comment: 'Охрана не пустила',
    });
  });
});

describe("a stop's card, when the stop changed or is finished", () => {
  it('says calmly that the service centre cancelled the stop (409) and loads it again', async () => {
    stubFetch({
      'GET /ajax/courier/stops/31': { body: { success: true, stop: stop() } },
      'POST /ajax/courier/stops/en-route': {
        status: 409,
        body: { success: false, message: 'Остановка отменена сервисным центром' },
      },
    });
    useCourierRoute.setState({ reloads: 0 });
    await renderInRouter(() => <StopCard userId={USER} id={31} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Еду' }));
    await userEvent.click(screen.getByRole('button', { name: '15 мин' }));
    const message = await screen.findByText('Остановка отменена сервисным центром');
    expect(message.closest('[role="status"]')).not.toBeNull();
    expect(useCourierRoute.getState().reloads).toBe(1);
  });

  it('says a stop the server no longer gives (404) is gone, instead of its saved copy with actions', async () => {
    useCourierRoute.setState({ days: { [moscowDay(0)]: { stops: [stop()], fetchedAt: Date.now(), ownerId: USER } } });
    stubFetch({
      'GET /ajax/courier/stops/31': { status: 404, body: { success: false, message: 'Не найдено' } },
    });
    await renderInRouter(() => <StopCard userId={USER} id={31} />);
    expect(
      await screen.findByText(
        'Этой остановки нет в вашем маршруте: сервисный центр отменил её или передал другому курьеру.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Забрал' })).toBeNull();
    expect(screen.queryByText('Стоматология «Улыбка»', { exact: false })).toBeNull();
    expect(screen.getByRole('link', { name: '← Маршрут' })).toHaveAttribute('href', '/courier');
  });

  it("offers no actions on tomorrow's or yesterday's stop, only when it can be marked", async () => {
    const shown = (date: string) => `${date.slice(8, 10)}.${date.slice(5, 7)}`;
    stubFetch({ 'GET /ajax/courier/stops/31': { body: { success: true, stop: stop({ date: moscowDay(1) }) } } });
    const view = await renderInRouter(() => <StopCard userId={USER} id={31} />);
    expect(await screen.findByTestId('courier-stop-off-day')).toHaveTextContent(
      `Остановка запланирована на ${shown(moscowDay(1))}: отметить её можно в этот день.`,
    );
    expect(screen.queryByRole('button', { name: 'Еду' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Забрал' })).toBeNull();
    view.unmount();

    stubFetch({ 'GET /ajax/courier/stops/31': { body: { success: true, stop: stop({ date: moscowDay(-1) }) } } });
    await renderInRouter(() => <StopCard userId={USER} id={31} />);
    expect(await screen.findByTestId('courier-stop-off-day')).toHaveTextContent(
      `Остановка была запланирована на ${shown(moscowDay(-1))}: отметить её можно было только в этот день.`,
    );
    expect(screen.queryByRole('button', { name: 'Не застал' })).toBeNull();
  });

  it('shows what was reported and offers no more actions', async () => {
    const done = finishedStop([true, false]);
    stubFetch({ 'GET /ajax/courier/stops/31': { body: { success: true, stop: done } } });
    await renderInRouter(() => <StopCard userId={USER} id={31} />);
    expect(await screen.findByText('Забрал 1 из 2, передал(а) Анна, в 11:40')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Еду' })).toBeNull();
  });

  it('says which instrument stayed behind and shows the hand-over photo', async () => {
    const done = finishedStop([true, false]);
    done.done!.photos = [{ id: 77, url: '/ajax/courier/files/77' }];
    stubFetch({ 'GET /ajax/courier/stops/31': { body: { success: true, stop: done } } });
    await renderInRouter(() => <StopCard userId={USER} id={31} />);
    const rows = await screen.findAllByTestId('courier-hand-over');
    expect(rows.map((row) => [row.closest('li')!.textContent!.includes('SN-1'), row.textContent])).toEqual([
      [true, 'Забран'],
      [false, 'Остался в клинике'],
    ]);
    const handOver = screen.getByRole('list', { name: 'Фото при передаче' });
    expect(within(handOver).getByRole('img', { name: 'Фото 1' })).toHaveAttribute('src', '/ajax/courier/files/77');
    // The request's own photos stay apart from it.
    expect(within(screen.getByRole('list', { name: 'Фото к заявке' })).getAllByRole('img')).toHaveLength(1);
  });

  it("says 'Не доставлен' for an instrument a return did not hand over, and nothing before the stop is done", async () => {
    const done = finishedStop([false, true], { kind: 'return' });
    stubFetch({ 'GET /ajax/courier/stops/31': { body: { success: true, stop: done } } });
    const view = await renderInRouter(() => <StopCard userId={USER} id={31} />);
    expect((await screen.findAllByTestId('courier-hand-over')).map((row) => row.textContent)).toEqual([
      'Не доставлен',
      'Доставлен',
    ]);
    expect(screen.queryByRole('list', { name: 'Фото при передаче' })).toBeNull();
    view.unmount();
    stubFetch({ 'GET /ajax/courier/stops/31': { body: { success: true, stop: stop() } } });
    await renderInRouter(() => <StopCard userId={USER} id={31} />);
    await screen.findByRole('button', { name: 'Еду' });
    expect(screen.queryByTestId('courier-hand-over')).toBeNull();
  });
});

describe('the outbox panel', () => {
  it('shows a refused action calmly with the server message', async () => {
    useCourierRoute.setState({ days: { [moscowDay(0)]: { stops: [stop()], fetchedAt: Date.now(), ownerId: USER } } });
    useOutbox.setState({
      entries: {
        e2: outboxEntry({
          id: 'e2',
          kind: 'stop-failed',
          statements: [{ id: -31, version: 0 }],
          state: 'conflict',
          lastError: 'Остановка отменена сервисным центром',
        }),
      },
    });
    await renderInRouter(() => <CourierOutboxPanel userId={USER} />);
    const panel = await screen.findByTestId('courier-outbox');
    expect(panel).toHaveTextContent('Не застал: 1. Стоматология «Улыбка».');
    expect(panel).toHaveTextContent('Остановка отменена сервисным центром');
    expect(within(panel).getByRole('button', { name: 'Убрать' })).toBeInTheDocument();
  });
  it('shows a kept hand-over the server refused as empty (422) as final: no retry, only its reason', async () => {
    useCourierRoute.setState({ days: { [moscowDay(0)]: { stops: [stop()], fetchedAt: Date.now(), ownerId: USER } } });
    const why = 'Отметьте хотя бы один инструмент. Если не забрали ни одного — «Не застал»';
    useOutbox.setState({
      entries: {
        e4: outboxEntry({
          id: 'e4',
          kind: 'stop-done',
          statements: [{ id: -31, version: 0 }],
          state: 'conflict',
          lastStatus: 422,
          lastError: why,
        }),
      },
    });
    await renderInRouter(() => <CourierOutboxPanel userId={USER} />);
    const panel = await screen.findByTestId('courier-outbox');
    expect(panel).toHaveTextContent(`Забрал: 1. Стоматология «Улыбка». ${why}`);
    expect(within(panel).queryByRole('button', { name: 'Повторить' })).toBeNull();
    expect(within(panel).getByRole('button', { name: 'Убрать' })).toBeInTheDocument();
  });
});

describe('an action the worker sent later', () => {
  it('updates the saved route and loads what is on screen again', async () => {
    useCourierRoute.setState({
      days: { [moscowDay(0)]: { stops: [stop()], fetchedAt: Date.now(), ownerId: USER } },
      reloads: 0,
    });
    await renderInRouter(() => <CourierOutboxPanel userId={USER} />);
    applyOutboxNotice({
      type: 'outbox',
      entry: outboxEntry({
        id: 'e3',
        kind: 'stop-done',
        statements: [{ id: -31, version: 0 }],
        state: 'done',
        result: { success: true, stop: stop({ state: 'done', finished_at: `${moscowDay(0)} 11:40:00` }) },
      }),
    });
    await waitFor(() => expect(useCourierRoute.getState().reloads).toBe(1));
    expect(useCourierRoute.getState().days[moscowDay(0)]?.stops[0]?.state).toBe('done');
  });
});

describe('an action the worker sent while the app was closed', () => {
  const doneStop = finishedStop([true, true]);
  const sent = (id: string, kind: 'stop-en-route' | 'stop-done', answer: CourierStop) =>
    outboxEntry({
      id,
      kind,
      statements: [{ id: -31, version: 0 }],
      state: 'done',
      result: { success: true, stop: answer },
    });

  function offlineCard() {
    goOffline();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    return renderInRouter(() => (
      <>
        <CourierOutboxPanel userId={USER} />
        <StopCard userId={USER} id={31} />
      </>
    ));
  }

  it('is learnt from the outbox listed on open: the card opened offline shows it done, with no actions', async () => {
    useCourierRoute.setState({ days: { [moscowDay(0)]: { stops: [stop()], fetchedAt: Date.now(), ownerId: USER } } });
    applyOutboxNotice({ type: 'outbox-list', entries: [sent('e5', 'stop-done', doneStop)] });
    await offlineCard();
    expect(await screen.findByText('Забрал 2 из 2, передал(а) Анна, в 11:40')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Еду' })).toBeNull();
    expect(useCourierRoute.getState().days[moscowDay(0)]?.stops[0]?.state).toBe('done');
  });

  it("never takes an older answer over a newer saved copy ('Еду' after 'Забрал')", async () => {
    useCourierRoute.setState({
      days: { [moscowDay(0)]: { stops: [doneStop], fetchedAt: Date.now(), ownerId: USER } },
    });
    applyOutboxNotice({
      type: 'outbox-list',
      entries: [sent('e6', 'stop-en-route', stop({ state: 'en_route', eta_at: `${moscowDay(0)} 11:00:00` }))],
    });
    await offlineCard();
    expect(await screen.findByText('Забрал 2 из 2, передал(а) Анна, в 11:40')).toBeInTheDocument();
    expect(useCourierRoute.getState().days[moscowDay(0)]?.stops[0]?.state).toBe('done');
  });
});

describe('the map', () => {
  it('says the map needs a connection, and the list of stops still works', async () => {
    useCourierRoute.setState({ days: { [moscowDay(0)]: { stops: [stop()], fetchedAt: Date.now(), ownerId: USER } } });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    goOffline();
    await renderInRouter(() => <CourierMapPage userId={USER} day="today" onDayChange={() => {}} onOpen={() => {}} />);
    expect(await screen.findByTestId('courier-map-offline')).toHaveTextContent('Карта недоступна без связи');
    expect(screen.getByRole('link', { name: '1. Стоматология «Улыбка»' })).toHaveAttribute('href', '/courier/stops/31');
  });

  it("follows the route's Сегодня/Завтра switch", async () => {
    const tomorrow = stop({ id: 41, date: moscowDay(1), clinic: { name: 'Клиника «Завтра»' } });
    useCourierRoute.setState({
      day: 'tomorrow',
      days: {
        [moscowDay(0)]: { stops: [stop()], fetchedAt: Date.now(), ownerId: USER },
        [moscowDay(1)]: { stops: [tomorrow], fetchedAt: Date.now(), ownerId: USER },
      },
    });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    goOffline();
    // The route's page and the map's read the same choice from the store, as the routes wire them.
    function MapAsRouted() {
      const day = useCourierRoute((state) => state.day);
      return (
        <CourierMapPage userId={USER} day={day} onDayChange={useCourierRoute.getState().setDay} onOpen={() => {}} />
      );
    }
    await renderInRouter(() => <MapAsRouted />);
    const list = await screen.findByRole('list', { name: 'Остановки на завтра' });
    expect(within(list).getByRole('link', { name: '1. Клиника «Завтра»' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Завтра' })).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(screen.getByRole('button', { name: 'Сегодня' }));
    const today = await screen.findByRole('list', { name: 'Остановки на сегодня' });
    expect(within(today).getByRole('link', { name: '1. Стоматология «Улыбка»' })).toBeInTheDocument();
    expect(useCourierRoute.getState().day).toBe('today');
  });
});

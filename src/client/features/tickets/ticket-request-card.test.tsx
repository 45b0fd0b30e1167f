import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TicketRequest } from '#shared/api/tickets.ts';
import { setViewportWidth } from '#client/lib/testing/viewport.ts';
import { stubFetch } from '#client/lib/testing/fetch-stub.ts';
import { ticket, ticketAnswer } from './ticket-page.fixtures.ts';
import { renderTicketPage, setupTicketPageTests } from './ticket-page.test-helpers.tsx';
import { mapHref } from '#shared/screens/map-links.ts';
import { useTicketStore } from './ticket-store.ts';
import { CLINIC_ADDRESS } from '../../../../tests/setup/repair-request.ts';

const TICKET = 'GET /ajax/cabinet/tickets/501';

setupTicketPageTests(360);

const request = (overrides: Partial<TicketRequest> = {}): TicketRequest => ({
  ...CLINIC_ADDRESS,
  pickup_date: '2026-03-05',
  coordinates: '55.757718,37.611347',
  checked: true,
  contact: { name: 'Анна', surname: 'Смирнова', phone: '79161234567', email: 'anna@clinic.ru' },
  photos: [{ id: 41, name: 'ротор.png', url: '/ajax/cabinet/files/41' }],
  ...overrides,
});

const withRequest = (value: TicketRequest | null) =>
  ticket({
    defective_lists: [],
    instruments: [
      {
        id: 31,
        serial_number: 'SN-100',
        status: 1,
        type: 1,
        description: 'Не вращается головка',
        name: null,
        guarantee: true,
      },
      {
        id: 32,
        serial_number: 'SN-200',
        status: 1,
        type: 12,
        description: 'Не включается',
        name: 'Апекслокатор',
        guarantee: false,
      },
    ],
    request: value,
  });

const card = () => screen.getByRole('region', { name: 'Заявка клиники' });

describe('the request card on the ticket', () => {
  it('on a phone: address, date and phone in sight, the rest behind «Подробнее о заявке»', async () => {
    stubFetch({ [TICKET]: ticketAnswer(withRequest(request())) });
    await renderTicketPage();
    await screen.findByRole('region', { name: 'Заявка клиники' });
    expect(within(card()).getByText(/Россия, Москва, Тверская улица, 7, офис 12/)).toBeInTheDocument();
    expect(within(card()).getByText('Звонить заранее')).toBeInTheDocument();
    expect(within(card()).getByText('05.03.2026, четверг')).toBeInTheDocument();
    expect(within(card()).getByRole('link', { name: '+7 (916) 123-45-67' })).toHaveAttribute(
      'href',
      'tel:+79161234567',
    );
    expect(within(card()).getByRole('link', { name: 'Открыть в картах' })).toHaveAttribute(
      'href',
      expect.stringContaining('55.757718'),
    );
    expect(within(card()).queryByText('Клиника «Улыбка»')).not.toBeInTheDocument();

    const more = within(card()).getByRole('button', { name: 'Подробнее о заявке' });
    expect(more).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(more);
    expect(more).toHaveAttribute('aria-expanded', 'true');
    expect(within(card()).getByText('Клиника «Улыбка»')).toBeInTheDocument();
    expect(within(card()).getByText(/Турбина, №\sSN-100/)).toBeInTheDocument();
    expect(within(card()).getByText(/Свой вариант: Апекслокатор, №\sSN-200/)).toBeInTheDocument();
    expect(within(card()).getAllByText('На гарантии')).toHaveLength(1);
    const photo = within(card()).getByRole('link', { name: 'Открыть фото ротор.png' });
    expect(photo).toHaveAttribute('href', '/ajax/cabinet/files/41');
    expect(within(photo).getByRole('img', { name: 'ротор.png' })).toHaveAttribute('loading', 'lazy');
  });

  it('on a desktop everything is in sight at once', async () => {
    setViewportWidth(1280);
    stubFetch({ [TICKET]: ticketAnswer(withRequest(request())) });
    await renderTicketPage();
    await screen.findByRole('region', { name: 'Заявка клиники' });
    expect(within(card()).getByText('Клиника «Улыбка»')).toBeInTheDocument();
    expect(within(card()).queryByRole('button', { name: 'Подробнее о заявке' })).not.toBeInTheDocument();
  });

  it('an unchecked address says so and offers no map; no comment, room or photos leave no gaps', async () => {
    stubFetch({
      [TICKET]: ticketAnswer(
        withRequest(request({ checked: false, coordinates: null, room: '', message: '', photos: [] })),
      ),
    });
    await renderTicketPage();
    await screen.findByRole('region', { name: 'Заявка клиники' });
    expect(within(card()).getByText('Адрес не проверен: уточним по телефону')).toBeInTheDocument();
    expect(within(card()).queryByRole('link', { name: 'Открыть в картах' })).not.toBeInTheDocument();
    await userEvent.click(within(card()).getByRole('button', { name: 'Подробнее о заявке' }));
    expect(within(card()).queryByRole('list', { name: 'Фото к заявке' })).not.toBeInTheDocument();
  });

  it("the back office's ticket has no card at all", async () => {
    stubFetch({ [TICKET]: ticketAnswer(withRequest(null)) });
    await renderTicketPage();
    await screen.findByRole('heading', { name: 'Инструменты' });
    expect(screen.queryByRole('region', { name: 'Заявка клиники' })).not.toBeInTheDocument();
  });

  it('offline, the saved copy of the ticket shows the card', async () => {
    useTicketStore.setState({ tickets: { 501: { ticket: withRequest(request()), fetchedAt: Date.now() - 60_000 } } });
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await renderTicketPage();
    expect(within(card()).getByText('05.03.2026, четверг')).toBeInTheDocument();
  });
});

describe('mapHref', () => {
  it("opens the phone's own map app: geo: on Android, Apple Maps on iOS, OpenStreetMap elsewhere", () => {
    expect(mapHref('55.75,37.61', 'Mozilla/5.0 (Linux; Android 14)')).toBe('geo:55.75,37.61?q=55.75,37.61');
    expect(mapHref('55.75,37.61', 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X)')).toBe(
      'https://maps.apple.com/?ll=55.75,37.61&q=55.75,37.61',
    );
    expect(mapHref('55.75,37.61', 'Mozilla/5.0 (X11; Linux x86_64)')).toBe(
      'https://www.openstreetmap.org/?mlat=55.75&mlon=37.61#map=17/55.75/37.61',
    );
  });
});

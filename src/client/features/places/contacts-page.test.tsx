import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { ServiceCentre } from '#shared/screens/places.ts';
import { renderInRouter } from '#client/components/layout/testing/render-in-router.tsx';
import { stubFetch } from '#client/lib/testing/fetch-stub.ts';
import { ContactsPage } from './contacts-page.tsx';

afterEach(() => vi.unstubAllGlobals());

const centre = (id: number, overrides: Partial<ServiceCentre> = {}): ServiceCentre => ({
  id,
  name: `СЦ ${id}`,
  country_name: 'Россия',
  city: 'Москва',
  address: 'ул. Тверская, 1',
  manager_phone: '+7 (495) 111-22-33',
  email: `office${id}@service.test`,
  region: 'Центральный',
  latitude: 55.7,
  longitude: 37.6,
  is_show_in_crimea: false,
  ...overrides,
});

const answer = (support_email: string | null, offices: ServiceCentre[]) =>
  stubFetch({ 'GET /ajax/contacts': { body: { success: true, support_email, offices } } });

describe('ContactsPage', () => {
  it("shows the support address and the centres' phone, address and e-mail: the central office first", async () => {
    answer('support@service.test', [
      centre(1, { name: 'Центральный офис' }),
      centre(2),
      centre(9, { name: 'СЦ Казань', city: 'Казань', manager_phone: '+7 (843) 000-11-22' }),
    ]);
    await renderInRouter(() => <ContactsPage />);
    const support = await screen.findByRole('region', { name: 'Служба поддержки' });
    expect(within(support).getByRole('link', { name: 'support@service.test' })).toHaveAttribute(
      'href',
      'mailto:support@service.test',
    );

    const central = screen.getByRole('region', { name: 'Центральный офис' });
    const [first, second] = within(central).getAllByRole('listitem');
    expect(within(first!).getByRole('heading', { name: 'Центральный офис', level: 3 })).toBeInTheDocument();
    expect(first).toHaveTextContent('Россия, Москва, ул. Тверская, 1');
    expect(within(first!).getByRole('link', { name: '+7 (495) 111-22-33' })).toHaveAttribute(
      'href',
      'tel:+74951112233',
    );
    expect(within(first!).getByRole('link', { name: 'office1@service.test' })).toHaveAttribute(
      'href',
      'mailto:office1@service.test',
    );
    expect(second).toHaveTextContent('office2@service.test');

    const regional = screen.getByRole('region', { name: 'Региональные сервисные центры' });
    expect(within(regional).getByRole('heading', { name: 'СЦ Казань' })).toBeInTheDocument();
    expect(within(regional).queryByText('Центральный офис')).not.toBeInTheDocument();
    const order = screen
      .getAllByRole('region')
      .map((region) => region.getAttribute('aria-label') ?? region.textContent?.slice(0, 16));
    expect(order.indexOf('Центральный офис')).toBeLessThan(order.indexOf('Региональные сервисные центры'));

    // Never the old advice to write to the address the mails come from (a no-reply one).
    expect(screen.queryByText(/с которого приходят/)).not.toBeInTheDocument();
  });

  it('leaves the support part out when no address is known, and says when there are no centres yet', async () => {
    answer(null, []);
    await renderInRouter(() => <ContactsPage />);
    expect(await screen.findByText('Контакты сервисных центров пока не указаны.')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Служба поддержки' })).not.toBeInTheDocument();
  });

  it('offers a retry when the contacts cannot be loaded', async () => {
    stubFetch({
      'GET /ajax/contacts': {
        status: 503,
        body: { success: false, message: 'Сервер временно недоступен. Попробуйте позже.' },
      },
    });
    await renderInRouter(() => <ContactsPage />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Сервер временно недоступен');
    answer('support@service.test', []);
    screen.getByRole('button', { name: 'Повторить' }).click();
    expect(await screen.findByRole('link', { name: 'support@service.test' })).toBeInTheDocument();
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { forgetSiteSettings } from '#client/lib/site-settings.ts';
import { stubFetch } from '#client/lib/testing/fetch-stub.ts';
import userEvent from '@testing-library/user-event';
import { initials, MorePanel, type MorePanelProps } from './more-panel.tsx';
import { renderInRouter } from './testing/render-in-router.tsx';

const anna = {
  name: 'Анна',
  surname: 'Иванова',
  email: 'anna@clinic.ru',
  unpaid_bills: 2,
  unread_notifications: 0,
};

function props(overrides: Partial<MorePanelProps> = {}): MorePanelProps {
  return {
    open: true,
    onClose: vi.fn(),
    user: null,
    standalone: false,
    onRepair: vi.fn(),
    onLogin: vi.fn(),
    onLogout: vi.fn(),
    ...overrides,
  };
}

const settings = (mainSiteUrl: string | null) =>
  stubFetch({
    'GET /ajax/site/settings': {
      body: { success: true, main_site_url: mainSiteUrl, support_email: 'support@example.ru' },
    },
  });

// The open panel asks for the main site's address (main-site-links.tsx): no main site unless a test says so.
beforeEach(() => {
  forgetSiteSettings();
  settings(null);
});
afterEach(() => vi.unstubAllGlobals());

describe('MorePanel', () => {
  it('names the cabinet items first, then their counts in the right plural form', async () => {
    await renderInRouter(() => (
      <MorePanel {...props({ user: { ...anna, unpaid_bills: 1, unread_notifications: 2 } })} />
    ));
    const cabinet = screen.getByRole('navigation', { name: 'Личный кабинет' });
    expect(within(cabinet).getByRole('link', { name: 'Счета, 1 неоплаченный счёт' })).toHaveAttribute(
      'href',
      '/cabinet/bills',
    );
    expect(within(cabinet).getByRole('link', { name: 'Уведомления, 2 непрочитанных' })).toHaveAttribute(
      'href',
      '/cabinet/notifications',
    );
  });

  it.each([
    ['bills', /^Счета/, 'Заявки'],
    ['tickets', /^Заявки/, 'Счета, 2 неоплаченных счёта'],
  ] as const)('leaves out the cabinet section a colleague has no way to (%s)', async (hidden, missing, kept) => {
    await renderInRouter(() => <MorePanel {...props({ user: { ...anna, hidden_sections: [hidden] } })} />);
    const cabinet = screen.getByRole('navigation', { name: 'Личный кабинет' });
    expect(within(cabinet).queryByRole('link', { name: missing })).not.toBeInTheDocument();
    expect(within(cabinet).getByRole('link', { name: kept })).toBeInTheDocument();
  });

  it('logged in: the profile block, cabinet items, public links, repair and Выйти', async () => {
    const onLogout = vi.fn();
    const onClose = vi.fn();
    await renderInRouter(() => <MorePanel {...props({ user: anna, onLogout, onClose })} />);
    const dialog = screen.getByRole('dialog', { name: 'Меню' });

    const profile = within(dialog).getByRole('region', { name: 'Профиль' });
    expect(profile).toHaveTextContent('АИ');
    expect(profile).toHaveTextContent('Анна Иванова');
    expect(profile).toHaveTextContent('anna@clinic.ru');

    const cabinet = within(dialog).getByRole('navigation', { name: 'Личный кабинет' });
    for (const [label, href] of [
      ['Заявки', '/cabinet/tickets'],
      ['Уведомления', '/cabinet/notifications'],
      ['Бонусы', '/cabinet/bonuses'],
      ['Промокоды', '/cabinet/promocode'],
      ['Мои адреса', '/cabinet/address'],
      ['Личные данные', '/cabinet/profile'],
      ['Доступы', '/cabinet/accesses'],
      ['История', '/cabinet/history'],
      ['KAVO ID', '/cabinet/kavo-id'],
      ['Настройки', '/cabinet/settings'],
    ] as const) {
      expect(within(cabinet).getByRole('link', { name: label })).toHaveAttribute('href', href);
    }
    const bills = within(cabinet).getByRole('link', { name: /Счета/ });
    expect(bills).toHaveAttribute('href', '/cabinet/bills');
    expect(within(bills).getByTestId('badge')).toHaveTextContent('2');
    expect(bills.textContent).toBe('Счета 2'); // the seen text in the order of the name (WCAG 2.5.3)
    expect(within(cabinet).getAllByTestId('badge')).toHaveLength(1); // no badge for 0 unread

    const about = within(dialog).getByRole('navigation', { name: 'О сервисе' });
    expect(within(about).getByRole('link', { name: 'Бонусы' })).toHaveAttribute('href', '/loyalty');
    expect(within(about).getByRole('link', { name: 'О сервисе' })).toHaveAttribute('href', '/services');
    expect(within(about).getByRole('link', { name: 'Контакты' })).toHaveAttribute('href', '/contacts');
    expect(within(about).getByRole('link', { name: 'Как пользоваться сервисом?' })).toHaveAttribute('href', '/guide/2');

    expect(within(dialog).getByRole('link', { name: 'Оставить заявку на ремонт' })).toHaveAttribute(
      'href',
      '/#form-repair',
    );

    await userEvent.click(within(dialog).getByRole('button', { name: 'Выйти' }));
    expect(onLogout).toHaveBeenCalledOnce();
    expect(onClose).toHaveBeenCalled();
  });

  it("logged out: 'Гость' where the user is named, no cabinet items, no Выйти; a Войти button", async () => {
    const onLogin = vi.fn();
    await renderInRouter(() => <MorePanel {...props({ onLogin })} />);
    const dialog = screen.getByRole('dialog', { name: 'Меню' });
    expect(within(dialog).queryByRole('region', { name: 'Профиль' })).not.toBeInTheDocument();
    // portal.md §3 User data: a guest is shown as 'Гость'.
    expect(within(within(dialog).getByRole('region', { name: 'Вход' })).getByText('Гость')).toBeInTheDocument();
    expect(within(dialog).queryByRole('navigation', { name: 'Личный кабинет' })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Выйти' })).not.toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'Бонусы' })).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Войти' }));
    expect(onLogin).toHaveBeenCalledOnce();
  });

  it('in the installed app the repair item opens the repair sheet', async () => {
    const onRepair = vi.fn();
    await renderInRouter(() => <MorePanel {...props({ standalone: true, onRepair })} />);
    await userEvent.click(screen.getByRole('button', { name: 'Оставить заявку на ремонт' }));
    expect(onRepair).toHaveBeenCalledOnce();
  });

  it('renders nothing when closed', async () => {
    await renderInRouter(() => <MorePanel {...props({ open: false, user: anna })} />);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('makes initials from the name and surname', () => {
    expect(initials('анна', 'иванова')).toBe('АИ');
    expect(initials(' ', '')).toBe('?');
  });
});

describe("MorePanel: the main site's sections", () => {
  it('link to MAIN_SITE_URL, asked for only once the panel opens', async () => {
    const { calls } = settings('https://example.ru');
    const view = await renderInRouter(() => <MorePanel {...props({ open: false })} />);
    expect(calls).toHaveLength(0);
    view.unmount();
    await renderInRouter(() => <MorePanel {...props()} />);
    const site = await screen.findByRole('navigation', { name: 'Сайт компании' });
    const hrefs = within(site)
      .getAllByRole('link')
      .map((link) => link.getAttribute('href'));
    expect(hrefs).toEqual(
      ['/laser', '/faq', '/news', '/articles', '/services-list', '/actions', '/updates'].map(
        (path) => `https://example.ru${path}`,
      ),
    );
    expect(within(site).getByRole('link', { name: 'Вопросы и ответы' })).toHaveAttribute(
      'href',
      'https://example.ru/faq',
    );
  });

  it('are hidden when MAIN_SITE_URL is unset: none leads to our 404', async () => {
    const { calls } = settings(null);
    await renderInRouter(() => <MorePanel {...props()} />);
    await vi.waitFor(() => expect(calls.map((call) => call.path)).toEqual(['/ajax/site/settings']));
    expect(screen.queryByRole('navigation', { name: 'Сайт компании' })).not.toBeInTheDocument();
    for (const path of ['/laser', '/faq', '/news', '/articles', '/services-list', '/actions', '/updates']) {
      expect(document.querySelector(`a[href$="${path}"]`)).toBeNull();
    }
  });
});

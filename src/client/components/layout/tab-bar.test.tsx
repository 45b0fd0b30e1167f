import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TabBar, type TabBarProps } from './tab-bar.tsx';
import { renderInRouter } from './testing/render-in-router.tsx';

function props(overrides: Partial<TabBarProps> = {}): TabBarProps {
  return {
    user: null,
    ready: true,
    standalone: false,
    moreOpen: false,
    onLogin: vi.fn(),
    onRepair: vi.fn(),
    onMore: vi.fn(),
    ...overrides,
  };
}

const loggedIn = (unpaid: number, unread: number) => ({ unpaid_bills: unpaid, unread_notifications: unread });

describe('TabBar', () => {
  it('logged out: Бонусы, О сервисе, Войти in the centre, Контакты, Ещё', async () => {
    const onLogin = vi.fn();
    await renderInRouter(() => <TabBar {...props({ onLogin })} />);
    const nav = screen.getByRole('navigation', { name: 'Меню приложения' });
    const items = within(nav).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual(['Бонусы', 'О сервисе', 'Войти', 'Контакты', 'Ещё']);
    expect(within(nav).getByRole('link', { name: 'Бонусы' })).toHaveAttribute('href', '/loyalty');
    expect(within(nav).getByRole('link', { name: 'О сервисе' })).toHaveAttribute('href', '/services');
    expect(within(nav).getByRole('link', { name: 'Контакты' })).toHaveAttribute('href', '/contacts');
    expect(within(nav).queryByRole('link', { name: /Заявки/ })).not.toBeInTheDocument();

    await userEvent.click(within(nav).getByRole('button', { name: 'Войти' }));
    expect(onLogin).toHaveBeenCalledOnce();
  });

  it('logged in: Заявки, Счета, Ремонт in the centre, Уведомления, Ещё', async () => {
    await renderInRouter(() => <TabBar {...props({ user: loggedIn(0, 0) })} />);
    const nav = screen.getByRole('navigation', { name: 'Меню приложения' });
    expect(
      within(nav)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Заявки', 'Счета', 'Ремонт', 'Уведомления', 'Ещё']);
    expect(within(nav).getByRole('link', { name: 'Заявки' })).toHaveAttribute('href', '/cabinet/tickets');
    expect(within(nav).getByRole('link', { name: 'Счета' })).toHaveAttribute('href', '/cabinet/bills');
    expect(within(nav).getByRole('link', { name: 'Уведомления' })).toHaveAttribute('href', '/cabinet/notifications');
  });

  it.each([
    [['bills'] as const, ['Заявки', 'Ремонт', 'Уведомления', 'Ещё'], 'Счета'],
    [['tickets'] as const, ['Счета 2', 'Ремонт', 'Уведомления', 'Ещё'], 'Заявки'],
  ])(
    'a colleague with no way to a section (%j) does not get its tab, and the bar has four',
    async (hidden, tabs, missing) => {
      await renderInRouter(() => <TabBar {...props({ user: { ...loggedIn(2, 0), hidden_sections: [...hidden] } })} />);
      const nav = screen.getByRole('navigation', { name: 'Меню приложения' });
      expect(
        within(nav)
          .getAllByRole('listitem')
          .map((item) => item.textContent),
      ).toEqual(tabs);
      expect(within(nav).queryByRole('link', { name: new RegExp(missing) })).not.toBeInTheDocument();
      expect(within(nav).getByRole('list').style.getPropertyValue('--tab-count')).toBe('4');
    },
  );

  it('keeps both sections, and five tabs, when nothing is hidden', async () => {
    await renderInRouter(() => <TabBar {...props({ user: { ...loggedIn(0, 0), hidden_sections: [] } })} />);
    const nav = screen.getByRole('navigation', { name: 'Меню приложения' });
    expect(within(nav).getAllByRole('listitem')).toHaveLength(5);
    expect(within(nav).getByRole('list').style.getPropertyValue('--tab-count')).toBe('');
  });

  it('hides the badges at 0', async () => {
    await renderInRouter(() => <TabBar {...props({ user: loggedIn(0, 0) })} />);
    expect(screen.queryByTestId('badge')).not.toBeInTheDocument();
  });

  it('shows the unpaid-bills and unread badges above 0, with their meaning for screen readers', async () => {
    await renderInRouter(() => <TabBar {...props({ user: loggedIn(3, 12) })} />);
    const bills = screen.getByRole('link', { name: /Счета/ });
    expect(within(bills).getByTestId('badge')).toHaveTextContent('3');
    expect(bills).toHaveAccessibleName(/3 неоплаченных/);
    // The seen text in the order of the name (WCAG 2.5.3): the label, then the count.
    expect(bills).toHaveTextContent(/^Счета 3$/);
    const notifications = screen.getByRole('link', { name: /Уведомления/ });
    expect(within(notifications).getByTestId('badge')).toHaveTextContent('12');
    expect(screen.getAllByTestId('badge')).toHaveLength(2);
  });

  it.each([
    [1, 2, 'Счета, 1 неоплаченный счёт', 'Уведомления, 2 непрочитанных'],
    [3, 1, 'Счета, 3 неоплаченных счёта', 'Уведомления, 1 непрочитанное'],
    [5, 21, 'Счета, 5 неоплаченных счетов', 'Уведомления, 21 непрочитанное'],
    [11, 250, 'Счета, 11 неоплаченных счетов', 'Уведомления, 250 непрочитанных'],
  ])(
    'names a tab first, then its count in the right plural form (%i unpaid, %i unread)',
    async (unpaid, unread, bills, notifications) => {
      await renderInRouter(() => <TabBar {...props({ user: loggedIn(unpaid, unread) })} />);
      const nav = screen.getByRole('navigation', { name: 'Меню приложения' });
      expect(within(nav).getByRole('link', { name: bills })).toHaveAttribute('href', '/cabinet/bills');
      expect(within(nav).getByRole('link', { name: notifications })).toHaveAttribute('href', '/cabinet/notifications');
    },
  );

  it('caps a large count', async () => {
    await renderInRouter(() => <TabBar {...props({ user: loggedIn(0, 250) })} />);
    expect(screen.getByTestId('badge')).toHaveTextContent('99+');
  });

  it('marks the current tab with aria-current', async () => {
    await renderInRouter(() => <TabBar {...props({ user: loggedIn(1, 0) })} />, { path: '/cabinet/bills' });
    expect(screen.getByRole('link', { name: /Счета/ })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Заявки' })).not.toHaveAttribute('aria-current');
  });

  it('Ремонт links to the home page form in a browser', async () => {
    await renderInRouter(() => <TabBar {...props({ user: loggedIn(0, 0) })} />);
    expect(screen.getByRole('link', { name: 'Ремонт' })).toHaveAttribute('href', '/#form-repair');
  });

  it('Ремонт opens the repair sheet in the installed app', async () => {
    const onRepair = vi.fn();
    await renderInRouter(() => <TabBar {...props({ user: loggedIn(0, 0), standalone: true, onRepair })} />);
    expect(screen.queryByRole('link', { name: 'Ремонт' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Ремонт' }));
    expect(onRepair).toHaveBeenCalledOnce();
  });

  it('Ещё opens the More panel and reports its state', async () => {
    const onMore = vi.fn();
    await renderInRouter(() => <TabBar {...props({ onMore, moreOpen: true })} />);
    const more = screen.getByRole('button', { name: 'Ещё' });
    expect(more).toHaveAttribute('aria-expanded', 'true');
    await userEvent.click(more);
    expect(onMore).toHaveBeenCalledOnce();
  });

  it('keeps its size but shows no tabs before the saved account is read', async () => {
    await renderInRouter(() => <TabBar {...props({ ready: false })} />);
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});

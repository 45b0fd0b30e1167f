import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Header, type HeaderProps } from './header.tsx';
import { renderInRouter } from './testing/render-in-router.tsx';

function props(overrides: Partial<HeaderProps> = {}): HeaderProps {
  return { user: null, ready: true, inCabinet: false, onLogin: vi.fn(), onLogout: vi.fn(), ...overrides };
}

describe('Header', () => {
  it('logged out: a Войти button and no balance', async () => {
    const onLogin = vi.fn();
    await renderInRouter(() => <Header {...props({ onLogin })} />);
    await userEvent.click(screen.getByRole('button', { name: 'Войти' }));
    expect(onLogin).toHaveBeenCalledOnce();
    expect(screen.queryByRole('link', { name: 'Личный кабинет' })).not.toBeInTheDocument();
    expect(screen.queryByText(/бонус/)).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Как пользоваться сервисом?' })).not.toBeInTheDocument();
  });

  it("offers a guest the public pages of the phone's tab bar: О сервисе, Бонусы, Контакты", async () => {
    await renderInRouter(() => <Header {...props()} />);
    const nav = screen.getByRole('navigation', { name: 'Разделы сайта' });
    expect(within(nav).getByRole('link', { name: 'О сервисе' })).toHaveAttribute('href', '/services');
    expect(within(nav).getByRole('link', { name: 'Бонусы' })).toHaveAttribute('href', '/loyalty');
    expect(within(nav).getByRole('link', { name: 'Контакты' })).toHaveAttribute('href', '/contacts');
  });

  it('leaves out Войти while the login form is open in place of the page (installed app)', async () => {
    await renderInRouter(() => <Header {...props({ authInPlace: true })} />);
    expect(screen.queryByRole('button', { name: 'Войти' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Сервисный центр — на главную' })).toBeInTheDocument();
  });

  it('logged in outside the cabinet: a Личный кабинет link, the guide link, no balance', async () => {
    await renderInRouter(() => <Header {...props({ user: { balls: 1250 } })} />);
    expect(screen.getByRole('link', { name: 'Личный кабинет' })).toHaveAttribute('href', '/cabinet/tickets');
    expect(screen.getByRole('link', { name: 'Как пользоваться сервисом?' })).toHaveAttribute('href', '/guide/2');
    expect(screen.queryByRole('button', { name: 'Выйти' })).not.toBeInTheDocument();
    expect(screen.queryByText(/бонус/)).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Как потратить?' })).not.toBeInTheDocument();
  });

  it('logged in under /cabinet: Выйти, and the balance in Russian format with Как потратить?', async () => {
    const onLogout = vi.fn();
    await renderInRouter(() => <Header {...props({ user: { balls: 1250 }, inCabinet: true, onLogout })} />, {
      path: '/cabinet/tickets',
    });
    expect(screen.getByText(/^1\s250\sбонусов$/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Как потратить?' })).toHaveAttribute('href', '/loyalty');
    expect(screen.queryByRole('link', { name: 'Личный кабинет' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Выйти' }));
    expect(onLogout).toHaveBeenCalledOnce();
  });

  it('uses the Russian plural of the balance', async () => {
    await renderInRouter(() => <Header {...props({ user: { balls: 21 }, inCabinet: true })} />);
    expect(screen.getByText(/^21\sбонус$/)).toBeInTheDocument();
  });

  it('shows the extra actions only under /cabinet', async () => {
    const bell = <button type="button">Уведомления</button>;
    const { unmount } = await renderInRouter(() => <Header {...props({ user: { balls: 0 }, actions: bell })} />);
    expect(screen.queryByRole('button', { name: 'Уведомления' })).not.toBeInTheDocument();
    unmount();
    await renderInRouter(() => <Header {...props({ user: { balls: 0 }, inCabinet: true, actions: bell })} />);
    expect(screen.getByRole('button', { name: 'Уведомления' })).toBeInTheDocument();
  });

  it('shows neither Войти nor the cabinet link before the saved account is read', async () => {
    await renderInRouter(() => <Header {...props({ ready: false, user: null })} />);
    expect(screen.queryByRole('button', { name: 'Войти' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Личный кабинет' })).not.toBeInTheDocument();
  });

  it('links the brand to the home page', async () => {
    await renderInRouter(() => <Header {...props()} />);
    expect(screen.getByRole('link', { name: 'Сервисный центр — на главную' })).toHaveAttribute('href', '/');
  });
});

import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { NotFoundScreen, UnauthorizedScreen } from './status-screens.tsx';
import { renderInRouter } from './testing/render-in-router.tsx';

describe('NotFoundScreen', () => {
  it('has the spec texts and a button to the home page', async () => {
    await renderInRouter(() => <NotFoundScreen />, { path: '/no-such-page' });
    expect(screen.getByRole('heading', { level: 1, name: 'Страница не найдена' })).toBeInTheDocument();
    expect(screen.getByText('Данной страницы на сайте больше нет')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'На главную' })).toHaveAttribute('href', '/');
    expect(document.title).toMatch(/^Страница не найдена/);
  });
});

describe('UnauthorizedScreen', () => {
  it('has the spec texts and a Войти button', async () => {
    const onLogin = vi.fn();
    await renderInRouter(() => <UnauthorizedScreen onLogin={onLogin} />, { path: '/cabinet/tickets' });
    expect(screen.getByRole('heading', { level: 1, name: 'Вы не авторизованы в личном кабинете' })).toBeInTheDocument();
    expect(screen.getByText('Для доступа к этой странице требуется авторизация')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Войти' }));
    expect(onLogin).toHaveBeenCalledOnce();
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useChunkFailure } from '#client/lib/chunk-reload.ts';
import { AppErrorScreen } from './app-error-screen.tsx';

const CHUNK_ERROR = new TypeError(
  'Failed to fetch dynamically imported module: https://portal.test/assets/bills-Br97zWR1.js',
);

let reload: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  sessionStorage.clear();
  useChunkFailure.setState({ state: 'none' });
  reload = vi.spyOn(window.location, 'reload').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('the app error screen', () => {
  it('reloads once for a chunk that failed to load', () => {
    render(<AppErrorScreen error={CHUNK_ERROR} />);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('status')).toHaveTextContent('Загружаем новую версию приложения…');
  });

  it('shows a Russian error with a reload button when the reload did not help', async () => {
    useChunkFailure.setState({ state: 'failed' });
    // After a cancelled vite:preloadError the route sees a TypeError, not the import's message.
    render(<AppErrorScreen error={new TypeError("Cannot read properties of undefined (reading 'component')")} />);
    expect(reload).not.toHaveBeenCalled();
    expect(screen.getByRole('alert')).toHaveTextContent('Не удалось загрузить страницу');
    await userEvent.click(screen.getByRole('button', { name: 'Обновить страницу' }));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('shows other errors in Russian without reloading', () => {
    render(<AppErrorScreen error={new Error('boom')} />);
    expect(reload).not.toHaveBeenCalled();
    expect(screen.getByRole('alert')).toHaveTextContent('Что-то пошло не так');
    expect(screen.getByRole('button', { name: 'Обновить страницу' })).toBeInTheDocument();
  });
});

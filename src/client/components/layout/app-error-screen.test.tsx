import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useChunkFailure } from '#client/lib/chunk-reload.ts';
import { reportServerReached } from '#client/lib/connection.ts';
import { stubFetch } from '#client/lib/testing/fetch-stub.ts';
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
  vi.unstubAllGlobals();
  reportServerReached(true); // connected again for the next test, no probe left asking
});

const SERVER_UP = { body: { ok: true, db: 'pglite' } };

describe('the app error screen', () => {
  it('reloads once for a chunk that failed to load, once the server has answered', async () => {
    stubFetch({ 'GET /healthz': SERVER_UP });
    render(<AppErrorScreen error={CHUNK_ERROR} />);
    expect(screen.getByRole('status')).toHaveTextContent('Загружаем новую версию приложения…');
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
  });

  it("with the server out of reach: no reload, a calm line with 'Повторить', which reloads once it answers", async () => {
    let up = false;
    const { calls } = stubFetch({
      'GET /healthz': () => (up ? SERVER_UP : Promise.reject(new TypeError('Failed to fetch'))),
    });
    render(<AppErrorScreen error={CHUNK_ERROR} />);
    expect(
      await screen.findByText('Нет связи с сервером. Страница загрузится, когда появится связь.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(reload).not.toHaveBeenCalled();

    // Still out of reach: it stays as it is.
    await userEvent.click(screen.getByRole('button', { name: 'Повторить' }));
    await waitFor(() => expect(calls.filter((call) => call.path === '/healthz')).toHaveLength(2));
    await screen.findByRole('button', { name: 'Повторить' });
    expect(reload).not.toHaveBeenCalled();

    up = true;
    await userEvent.click(screen.getByRole('button', { name: 'Повторить' }));
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
  });

  it('with the server out of reach, reloads by itself when the connection is back', async () => {
    let up = false;
    stubFetch({ 'GET /healthz': () => (up ? SERVER_UP : Promise.reject(new TypeError('Failed to fetch'))) });
    render(<AppErrorScreen error={CHUNK_ERROR} />);
    await screen.findByRole('button', { name: 'Повторить' });
    up = true;
    act(() => reportServerReached(true)); // any answer of the server (or 'online')
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
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

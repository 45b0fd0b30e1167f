import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { ApiError } from '#client/lib/http.ts';
import { useRemote } from '#client/lib/use-remote.ts';
import { RemoteView, type RemoteViewProps } from './remote-view.tsx';

/** A loader whose answers the test gives by hand; each call is recorded with its key. */
function handLoader() {
  const calls: { key: string; resolve(value: string[]): void; reject(error: unknown): void }[] = [];
  const load = (key: string) => () => new Promise<string[]>((resolve, reject) => calls.push({ key, resolve, reject }));
  return { calls, load };
}

type Options = Partial<Pick<RemoteViewProps<string[]>, 'keepLastData' | 'retryActions'>>;

function Names({ calls, options = {} }: { calls: ReturnType<typeof handLoader>; options?: Options }) {
  const [key, setKey] = useState('first');
  const names = useRemote(calls.load(key), key);
  return (
    <>
      <button type="button" onClick={() => setKey('second')}>
        Другой список
      </button>
      <RemoteView
        remote={names}
        skeleton={<p aria-busy="true">Загрузка имён</p>}
        empty={<p>Имён пока нет.</p>}
        {...options}
      >
        {(list) => (
          <ul aria-label="Имена">
            {list.map((name) => (
              <li key={name}>{name}</li>
            ))}
          </ul>
        )}
      </RemoteView>
    </>
  );
}

describe('RemoteView', () => {
  it('shows the skeleton until the answer, then the data', async () => {
    const loader = handLoader();
    render(<Names calls={loader} />);
    expect(screen.getByText('Загрузка имён')).toHaveAttribute('aria-busy', 'true');
    expect(screen.queryByRole('list')).toBeNull();

    await act(async () => loader.calls[0]!.resolve(['Анна', 'Борис']));
    expect(screen.queryByText('Загрузка имён')).toBeNull();
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Анна', 'Борис']);
  });

  it("says the caller's empty sentence for an empty answer", async () => {
    const loader = handLoader();
    render(<Names calls={loader} />);
    await act(async () => loader.calls[0]!.resolve([]));
    expect(screen.getByText('Имён пока нет.')).toBeInTheDocument();
    expect(screen.queryByRole('list')).toBeNull();
  });

  it("shows a failure in Russian with 'Повторить', which a keyboard reaches and which loads again", async () => {
    const loader = handLoader();
    render(<Names calls={loader} options={{ retryActions: <button type="button">Закрыть</button> }} />);
    await act(async () => loader.calls[0]!.reject(new ApiError('Нет связи с сервером.', 0)));
    expect(screen.getByRole('alert')).toHaveTextContent('Нет связи с сервером.');
    expect(screen.getByRole('button', { name: 'Закрыть' })).toBeInTheDocument();
    expect(screen.queryByText('Загрузка имён')).toBeNull();

    const user = userEvent.setup();
    await user.tab(); // 'Другой список'
    await user.tab();
    expect(screen.getByRole('button', { name: 'Повторить' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(loader.calls).toHaveLength(2);
    expect(screen.getByText('Загрузка имён')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();

    await act(async () => loader.calls[1]!.resolve(['Анна']));
    expect(screen.getByRole('listitem')).toHaveTextContent('Анна');
  });

  it("shows a refusal that asking again cannot change without 'Повторить', with the caller's way on", async () => {
    for (const status of [400, 401, 403, 404, 409, 410, 422]) {
      const loader = handLoader();
      const { unmount } = render(<Names calls={loader} options={{ retryActions: <a href="/">На главную</a> }} />);
      await act(async () => loader.calls[0]!.reject(new ApiError('Приглашение не найдено.', status)));
      expect(screen.getByRole('alert')).toHaveTextContent('Приглашение не найдено.');
      expect(screen.queryByRole('button', { name: 'Повторить' }), `status ${status}`).toBeNull();
      expect(screen.getByRole('link', { name: 'На главную' })).toBeInTheDocument();
      unmount();
    }
  });

  it("keeps 'Повторить' for what may pass: no connection, a server error, a timeout, too early, too many requests, a bug", async () => {
    for (const failure of [
      new ApiError('Нет связи с сервером.', 0),
      new ApiError('Сервер недоступен.', 500),
      new ApiError('Сервер недоступен.', 503),
      new ApiError('Время ожидания истекло.', 408),
      new ApiError('Слишком рано.', 425),
      new ApiError('Слишком много запросов.', 429),
      new ApiError('Сервер недоступен.', 200), // an answer that did not parse
      new Error('not an ApiError'),
    ]) {
      const loader = handLoader();
      const { unmount } = render(<Names calls={loader} />);
      await act(async () => loader.calls[0]!.reject(failure));
      expect(screen.getByRole('alert')).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Повторить' }), failure.message).toBeInTheDocument();
      unmount();
    }
  });

  it('keeps the last data under a failure and while the next loads, unless told to show only the current answer', async () => {
    const loader = handLoader();
    const { unmount } = render(<Names calls={loader} />);
    await act(async () => loader.calls[0]!.resolve(['Анна']));
    await userEvent.click(screen.getByRole('button', { name: 'Другой список' }));
    expect(screen.getByRole('listitem')).toHaveTextContent('Анна');
    await act(async () => loader.calls[1]!.reject(new ApiError('Сервер недоступен.', 503)));
    expect(screen.getByRole('alert')).toHaveTextContent('Сервер недоступен.');
    expect(screen.getByRole('listitem')).toHaveTextContent('Анна');
    unmount();

    const strict = handLoader();
    render(<Names calls={strict} options={{ keepLastData: false }} />);
    await act(async () => strict.calls[0]!.resolve(['Анна']));
    await userEvent.click(screen.getByRole('button', { name: 'Другой список' }));
    expect(screen.queryByRole('list')).toBeNull();
    expect(screen.getByText('Загрузка имён')).toBeInTheDocument();
    await act(async () => strict.calls[1]!.reject(new ApiError('Сервер недоступен.', 503)));
    expect(screen.getByRole('alert')).toHaveTextContent('Сервер недоступен.');
    expect(screen.queryByRole('list')).toBeNull();
  });
});

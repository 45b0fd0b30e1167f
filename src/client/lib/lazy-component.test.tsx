import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { lazyComponent } from './lazy-component.tsx';

function Greeting({ name }: { name: string }) {
  return <p>Здравствуйте, {name}</p>;
}

/** An import that fails while `offline` (a chunk the worker had not cached yet), then loads. */
function flakyImport(offline: boolean) {
  let calls = 0;
  const state = { offline };
  const importer = () => {
    calls += 1;
    return state.offline
      ? Promise.reject(new TypeError('Failed to fetch dynamically imported module'))
      : Promise.resolve(Greeting);
  };
  return { importer, calls: () => calls, goOnline: () => (state.offline = false) };
}

describe('lazyComponent', () => {
  it('shows the fallback, then the component with its props', async () => {
    const { importer } = flakyImport(false);
    const Lazy = lazyComponent(importer, { fallback: <p>Загрузка…</p> });
    render(<Lazy name="Анна" />);
    expect(screen.getByText('Загрузка…')).toBeInTheDocument();
    expect(await screen.findByText('Здравствуйте, Анна')).toBeInTheDocument();
  });

  it('says a failed chunk failed, and loads it again on Повторить (React.lazy alone would fail for good)', async () => {
    // React reports an error its boundary caught on console.error: here that is expected.
    const caught = vi.spyOn(console, 'error').mockImplementation(() => {});
    const flaky = flakyImport(true);
    const Lazy = lazyComponent(flaky.importer);
    render(<Lazy name="Анна" />);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Не удалось загрузить. Проверьте подключение к интернету.',
    );
    flaky.goOnline();
    await userEvent.click(screen.getByRole('button', { name: 'Повторить' }));
    expect(await screen.findByText('Здравствуйте, Анна')).toBeInTheDocument();
    expect(caught.mock.calls.flat().map(String).join(' ')).toContain('Failed to fetch dynamically imported module');
  });

  it('preloads once, and a failed preload is tried again', async () => {
    const flaky = flakyImport(true);
    const Lazy = lazyComponent(flaky.importer);
    await Lazy.preload();
    flaky.goOnline();
    await Lazy.preload();
    await Lazy.preload();
    expect(flaky.calls()).toBe(2);
    render(<Lazy name="Борис" />);
    expect(await screen.findByText('Здравствуйте, Борис')).toBeInTheDocument();
    expect(flaky.calls()).toBe(2);
  });
});

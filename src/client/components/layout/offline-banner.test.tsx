import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { CACHED_AT_HEADER } from '#shared/api/ticket-cache.ts';
import { getTicketHistory } from '#shared/api/tickets.ts';
import { callApi } from '#client/lib/http.ts';
import { goOffline, goOnline } from '#client/lib/testing/connection.ts';
import { OfflineBanner } from './offline-banner.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const history = { success: true, data: [] };

/** The network answers the history call with `body` (and headers), or fails when `body` is an Error. */
function network(body: unknown, headers: Record<string, string> = {}) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => {
      if (body instanceof Error) throw body;
      return new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json', ...headers } });
    }),
  );
}

const call = () =>
  act(() =>
    callApi(getTicketHistory, { params: { id: 501 } }).then(
      () => undefined,
      () => undefined,
    ),
  );

describe('OfflineBanner', () => {
  // Layout itself is seen in a browser (tests/e2e/offline.e2e.ts); this pins the rule it rests on (it covered the page's first lines when it floated).
  it('takes its own space in the page instead of floating over it', () => {
    const css = readFileSync(path.resolve('src/client/components/layout/offline-banner.module.css'), 'utf8').replace(
      /\/\*[\s\S]*?\*\//g,
      '',
    );
    expect(css).not.toMatch(/position:\s*(fixed|absolute)/);
    expect(css).toMatch(/\.region\s*\{[^}]*position:\s*sticky/);
  });

  it('shows while the device is offline and goes when it is back', () => {
    render(<OfflineBanner />);
    const region = screen.getByRole('status');
    expect(region).toBeEmptyDOMElement();
    act(() => goOffline());
    expect(region).toHaveTextContent('Нет связи с интернетом. Показаны сохранённые данные.');
    act(() => goOnline());
    expect(region).toBeEmptyDOMElement();
  });

  it('shows when a call does not reach the server, until the server answers', async () => {
    render(<OfflineBanner />);
    const region = screen.getByRole('status');
    network(new TypeError('Failed to fetch'));
    await call();
    expect(region).toHaveTextContent('Нет связи с сервером. Показаны сохранённые данные.');
    network(history);
    await call();
    expect(region).toBeEmptyDOMElement();
  });

  it("shows when the service worker answered with its saved copy; an answer of the server's, even a refusal, hides it", async () => {
    render(<OfflineBanner />);
    const region = screen.getByRole('status');
    network(history, { [CACHED_AT_HEADER]: String(Date.now() - 60_000) });
    await call();
    expect(region).toHaveTextContent('Показаны сохранённые данные.');
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify({ success: false, message: 'Нет' }), {
            status: 404,
            headers: { 'content-type': 'application/json' },
          }),
      ),
    );
    await call();
    expect(region).toBeEmptyDOMElement();
  });
});

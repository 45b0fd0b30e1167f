import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { stubFetch } from '#client/lib/testing/fetch-stub.ts';
import { ProgrammeNotice } from './programme-notice.tsx';

// The shell's notice of the loyalty programme's pause or end (portal.md §4.7): shown with the Бонусы
// page's words from the announcement, closable for the session, nothing while the programme runs.
// The dates are the server's (00:00 Moscow): the words name the Moscow day whatever the browser's zone.

const PAUSED = { success: true, programme: { state: 'paused', ends_on: '2026-03-19T21:00:00.000Z', ended: false } };
const ENDING = { success: true, programme: { state: 'ending', ends_on: '2026-03-31T21:00:00.000Z', ended: false } };

afterEach(() => {
  sessionStorage.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the programme notice', () => {
  it('says when the programme pauses, and stays closed for the session once closed', async () => {
    stubFetch({ 'GET /ajax/loyalty/programme': { body: PAUSED } });
    const { unmount } = render(<ProgrammeNotice />);
    const notice = await screen.findByRole('status');
    expect(notice).toHaveTextContent(
      'Программа лояльности будет приостановлена 20.03.2026. Начисление бонусов остановлено',
    );

    await userEvent.click(screen.getByRole('button', { name: 'Закрыть уведомление о программе лояльности' }));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();

    // Another page of the same session: still closed.
    unmount();
    const { calls } = stubFetch({ 'GET /ajax/loyalty/programme': { body: PAUSED } });
    render(<ProgrammeNotice />);
    await waitFor(() => expect(calls).toHaveLength(1));
    await Promise.resolve();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('says when the programme ends', async () => {
    stubFetch({ 'GET /ajax/loyalty/programme': { body: ENDING } });
    render(<ProgrammeNotice />);
    expect(await screen.findByRole('status')).toHaveTextContent('Программа лояльности завершится 01.04.2026.');
  });

  it('shows nothing while the programme runs', async () => {
    const { calls } = stubFetch({ 'GET /ajax/loyalty/programme': { body: { success: true, programme: null } } });
    const { container } = render(<ProgrammeNotice />);
    await waitFor(() => expect(calls).toHaveLength(1));
    await Promise.resolve();
    expect(container).toBeEmptyDOMElement();
  });
});

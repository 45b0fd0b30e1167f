// Shared set-up of the ticket page's component tests (not a test file itself).
import { useMemo } from 'react';
import { afterEach, beforeEach, expect, vi } from 'vitest';
import { waitFor } from '@testing-library/react';
import type { DefectStatement } from '#shared/api/tickets.ts';
import { renderInRouter } from '#client/components/layout/testing/render-in-router.tsx';
import { pendingStatementIds, useOutbox } from '#client/lib/sw-bridge.ts';
import { setViewportWidth } from '#client/lib/testing/viewport.ts';
import { TicketPage } from './ticket-page.tsx';
import { useTicketStore } from './ticket-store.ts';

export function resetTicketStore(): void {
  useTicketStore.setState({ tickets: {}, selected: {}, asked: {} });
}

/** Each test starts on a hydrated, empty store at `width` px; stubbed globals and spies go after it. */
export function setupTicketPageTests(width: number): void {
  beforeEach(async () => {
    await waitFor(() => expect(useTicketStore.getState().hydrated).toBe(true));
    resetTicketStore();
    useOutbox.setState({ entries: {} });
    setViewportWidth(width);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });
}

export interface Callbacks {
  onApprove: ReturnType<typeof vi.fn<(statements: DefectStatement[]) => void>>;
  onReject: ReturnType<typeof vi.fn<(statements: DefectStatement[]) => void>>;
  onDiscuss: ReturnType<typeof vi.fn<(statement: DefectStatement) => void>>;
  onTradeIn: ReturnType<typeof vi.fn<(statement: DefectStatement) => void>>;
}

/** The page as its route wires it: statements with a decision in the outbox (useOutbox) wait. */
export async function renderTicketPage(id = 501) {
  const callbacks: Callbacks = { onApprove: vi.fn(), onReject: vi.fn(), onDiscuss: vi.fn(), onTradeIn: vi.fn() };
  function Wired() {
    const entries = useOutbox((state) => state.entries);
    const pendingIds = useMemo(() => pendingStatementIds(entries, id), [entries]);
    return <TicketPage id={id} {...callbacks} pendingIds={pendingIds} />;
  }
  const result = await renderInRouter(() => <Wired />, { path: `/cabinet/tickets/${id}` });
  return { ...result, ...callbacks };
}

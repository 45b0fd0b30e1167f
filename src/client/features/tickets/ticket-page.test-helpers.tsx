// Shared set-up of the ticket page's component tests (not a test file itself).
import { vi } from 'vitest';
import type { DefectStatement } from '#shared/api/tickets.ts';
import { renderInRouter } from '#client/components/layout/testing/render-in-router.tsx';
import { TicketPage } from './ticket-page.tsx';
import { useTicketStore } from './ticket-store.ts';

/** Pretends the window is `width` px wide for min-width / max-width media queries (happy-dom has no layout). */
export function setViewportWidth(width: number): void {
  vi.spyOn(window, 'matchMedia').mockImplementation((query: string) => {
    const min = /min-width:\s*([\d.]+)px/.exec(query);
    const max = /max-width:\s*([\d.]+)px/.exec(query);
    const matches =
      (min !== null || max !== null) && (!min || width >= Number(min[1])) && (!max || width <= Number(max[1]));
    return { matches, media: query, addEventListener: () => {}, removeEventListener: () => {} } as unknown as MediaQueryList;
  });
}

export function resetTicketStore(): void {
  useTicketStore.setState({ tickets: {}, loads: {}, selected: {} });
}

export interface Callbacks {
  onApprove: ReturnType<typeof vi.fn<(statements: DefectStatement[]) => void>>;
  onReject: ReturnType<typeof vi.fn<(statements: DefectStatement[]) => void>>;
  onDiscuss: ReturnType<typeof vi.fn<(statement: DefectStatement) => void>>;
  onTradeIn: ReturnType<typeof vi.fn<(statement: DefectStatement) => void>>;
}

export async function renderTicketPage(id = 501) {
  const callbacks: Callbacks = { onApprove: vi.fn(), onReject: vi.fn(), onDiscuss: vi.fn(), onTradeIn: vi.fn() };
  const result = await renderInRouter(() => <TicketPage id={id} {...callbacks} />, { path: `/cabinet/tickets/${id}` });
  return { ...result, ...callbacks };
}

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { CabinetNav } from './cabinet-nav.tsx';
import { renderInRouter } from './testing/render-in-router.tsx';

afterEach(() => {
  vi.restoreAllMocks();
});

/** happy-dom has no layout: each link is 100 px wide, side by side, in a 300 px wide scrolling list. */
function fakeRowLayout(): void {
  const linkIndex = (element: HTMLElement) =>
    element.tagName === 'A'
      ? [...(element.closest('ul')?.querySelectorAll('a') ?? [])].indexOf(element as HTMLAnchorElement)
      : -1;
  vi.spyOn(HTMLElement.prototype, 'offsetLeft', 'get').mockImplementation(function (this: HTMLElement) {
    return Math.max(0, linkIndex(this)) * 100;
  });
  vi.spyOn(HTMLElement.prototype, 'offsetWidth', 'get').mockImplementation(function (this: HTMLElement) {
    return linkIndex(this) >= 0 ? 100 : 300;
  });
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockImplementation(function (this: HTMLElement) {
    return this.tagName === 'UL' ? 300 : 100;
  });
  vi.spyOn(Element.prototype, 'scrollWidth', 'get').mockImplementation(function (this: Element) {
    return this.tagName === 'UL' ? 1100 : 100;
  });
}

describe('CabinetNav', () => {
  it('names the bills link first, then the unpaid count in the right plural form', async () => {
    await renderInRouter(() => <CabinetNav unpaidBills={1} />, { path: '/cabinet/tickets' });
    const nav = screen.getByRole('navigation', { name: 'Разделы личного кабинета' });
    const bills = within(nav).getByRole('link', { name: 'Счета, 1 неоплаченный счёт' });
    expect(within(bills).getByTestId('badge')).toHaveTextContent('1');
    expect(bills.textContent).toBe('Счета 1'); // the seen text in the order of the name (WCAG 2.5.3)
  });

  it('has no count in the name when nothing is unpaid', async () => {
    await renderInRouter(() => <CabinetNav unpaidBills={0} />, { path: '/cabinet/tickets' });
    expect(screen.getByRole('link', { name: 'Счета' })).toHaveAttribute('href', '/cabinet/bills');
  });

  it.each([
    ['bills', 'Счета', 'Заявки'],
    ['tickets', 'Заявки', 'Счета'],
  ] as const)('leaves out a section the colleague has no way to (%s)', async (hidden, missing, kept) => {
    await renderInRouter(() => <CabinetNav unpaidBills={0} hiddenSections={[hidden]} />, { path: '/cabinet/profile' });
    const nav = screen.getByRole('navigation', { name: 'Разделы личного кабинета' });
    expect(within(nav).queryByRole('link', { name: missing })).not.toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: kept })).toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'Уведомления' })).toBeInTheDocument();
  });

  it('scrolls its one-line row sideways to show the current section', async () => {
    fakeRowLayout();
    await renderInRouter(() => <CabinetNav unpaidBills={0} />, { path: '/cabinet/settings' });
    const settings = screen.getByRole('link', { name: 'Настройки' });
    expect(settings).toHaveAttribute('aria-current', 'page');
    const list = settings.closest('ul')!;
    // The 12th link spans 1100–1200 px; with room for the edge fade its right edge shows in the 300 px window.
    expect(list.scrollLeft).toBe(1200 + 32 - 300);
  });

  it('keeps the row at its start when the current section is the first', async () => {
    fakeRowLayout();
    await renderInRouter(() => <CabinetNav unpaidBills={0} />, { path: '/cabinet/tickets' });
    expect(screen.getByRole('link', { name: 'Заявки' }).closest('ul')!.scrollLeft).toBe(0);
  });

  // Layout itself is checked in a real browser (tests/e2e/shell.e2e.ts); this pins the rules it rests on.
  it('lays the sections out in one line that scrolls, never wraps, with 44 px targets', () => {
    const css = readFileSync(path.resolve('src/client/components/layout/cabinet-nav.module.css'), 'utf8').replace(
      /\/\*[\s\S]*?\*\//g,
      '',
    );
    expect(css).not.toMatch(/flex-wrap:\s*wrap/);
    expect(css).toMatch(/\.link\s*\{[^}]*white-space:\s*nowrap/);
    expect(css).toMatch(/\.link\s*\{[^}]*min-height:\s*var\(--touch-target\)/);
    expect(css).toMatch(/\.list\s*\{[^}]*overflow-x:\s*auto/);
    expect(css).toMatch(/\.list\s*\{[^}]*scroll-snap-type:\s*x/);
  });
});

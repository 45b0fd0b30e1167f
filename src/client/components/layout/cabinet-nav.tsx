import { useLayoutEffect, useRef } from 'react';
import { Link, useRouterState } from '@tanstack/react-router';
import { UNPAID_BILL_FORMS } from '#shared/format/plural.ts';
import { BadgeAfterLabel, labelWithCount } from '#client/components/ui/badge.tsx';
import { PHONE_QUERY } from '#client/lib/use-media.ts';
import type { UserData } from '#shared/api/account.ts';
import { CABINET_LINKS, isShownSection } from './cabinet-links.ts';
import styles from './cabinet-nav.module.css';

export interface CabinetNavProps {
  unpaidBills: number;
  /** Sections the account has no way to: not listed (issue 41). */
  hiddenSections?: UserData['hidden_sections'];
}

/** Room kept beside a link scrolled into view: the list's edge fade (2rem in the CSS). */
const EDGE_ROOM_PX = 32;

/**
 * Scrolls the one-line list sideways (only: never the page) so that `link` is in view. Between 768
 * and 1280 px the list scrolls, and the current section may sit past its right edge.
 */
function revealInList(list: HTMLElement, link: HTMLElement): void {
  const left = link.offsetLeft;
  const right = left + link.offsetWidth;
  const { scrollLeft, clientWidth } = list;
  if (left - EDGE_ROOM_PX < scrollLeft) list.scrollLeft = Math.max(0, left - EDGE_ROOM_PX);
  else if (right + EDGE_ROOM_PX > scrollLeft + clientWidth) list.scrollLeft = right + EDGE_ROOM_PX - clientWidth;
}

/** The cabinet's top navigation (cabinet.md §Profile shell); hidden on phones, where the tab bar and More panel serve. */
export function CabinetNav({ unpaidBills, hiddenSections }: CabinetNavProps) {
  const listRef = useRef<HTMLUListElement>(null);
  const pathname = useRouterState({ select: (state) => state.location.pathname });

  // Before paint, so the row does not visibly jump: the current section is shown, not scrolled off.
  useLayoutEffect(() => {
    // Not shown on phones: measuring it there would only force the whole new page's layout early, in
    // the middle of React's commit (a long task on a slow phone).
    if (window.matchMedia?.(PHONE_QUERY).matches) return;
    const list = listRef.current;
    const current = list?.querySelector<HTMLElement>('a[aria-current="page"]');
    if (list && current && list.scrollWidth > list.clientWidth) revealInList(list, current);
  }, [pathname]);

  return (
    <nav className={styles.nav} aria-label="Разделы личного кабинета">
      <ul ref={listRef} className={styles.list}>
        {CABINET_LINKS.filter((link) => isShownSection(link.to, hiddenSections)).map((link) => (
          <li key={link.to}>
            <Link
              to={link.to}
              className={styles.link}
              activeProps={{ className: `${styles.link} ${styles.active}` }}
              // 'Счета, 3 неоплаченных счёта': the label, then what the (only seen) badge counts.
              aria-label={
                link.to === '/cabinet/bills' ? labelWithCount(link.label, unpaidBills, UNPAID_BILL_FORMS) : undefined
              }
            >
              {link.label}
              {link.to === '/cabinet/bills' && <BadgeAfterLabel count={unpaidBills} />}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

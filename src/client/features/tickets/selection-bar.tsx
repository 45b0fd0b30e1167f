import { useEffect } from 'react';
import type { DefectStatement } from '#shared/api/tickets.ts';
import { sumMoney } from '#shared/format/number/kopecks.ts';
import { formatMoney } from '#shared/format/number/money.ts';
import { Button } from '#client/components/ui/button.tsx';
import styles from './selection-bar.module.css';

export interface SelectionBarProps {
  selected: DefectStatement[];
  /** Installed app: the tab bar shows at every width, so the bar sits above it at every width. */
  standalone: boolean;
  onApprove(statements: DefectStatement[]): void;
}

/**
 * The fixed bottom bar of narrower screens (< 1280 px) while anything is ticked: the selected cost
 * and 'Согласовать выбранные' (cabinet.md §2 Ticket page). It sits above the tab bar and the
 * safe-area inset. While it shows, the body gets room of its height at the end, so nothing (the
 * footer included, which is outside the page) stays hidden under it.
 */
export function SelectionBar({ selected, standalone, onApprove }: SelectionBarProps) {
  useEffect(() => {
    const room = styles.roomForBar;
    if (!room) return undefined;
    document.body.classList.add(room);
    return () => document.body.classList.remove(room);
  }, []);

  return (
    <section
      className={styles.bar}
      data-standalone={standalone || undefined}
      aria-label="Выбранные инструменты"
      data-testid="selection-bar"
    >
      <div className={styles.inner}>
        <p className={styles.cost} aria-live="polite">
          <span className={styles.costLabel}>Стоимость выбранных работ</span>
          <span className={styles.costValue}>{formatMoney(sumMoney(selected.map((s) => s.sum ?? '0')))}</span>
        </p>
        <Button onClick={() => onApprove(selected)}>Согласовать выбранные</Button>
      </div>
    </section>
  );
}

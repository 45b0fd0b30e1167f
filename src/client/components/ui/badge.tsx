import { pluralize, type PluralForms } from '#shared/format/plural.ts';
import styles from './badge.module.css';

export interface BadgeProps {
  count: number;
  /** Shown as `max+` above this. */
  max?: number;
  /** Screen-reader text after the number, e.g. 'неоплаченных счетов'. */
  label?: string;
  /**
   * Seen, not read: the tab or link carries the count in its name instead (`labelWithCount`), so
   * screen readers hear 'Счета, 3 неоплаченных счёта' rather than the number first.
   */
  decorative?: boolean;
  className?: string;
}

/** The spec's "only when above 0", for every badge. */
const shows = (count: number) => Number.isFinite(count) && count > 0;

/** A count badge; renders nothing at 0 (or below), so the spec's "only when above 0" holds everywhere. */
export function Badge({ count, max = 99, label, decorative = false, className }: BadgeProps) {
  if (!shows(count)) return null;
  const shown = count > max ? `${max}+` : String(count);
  return (
    <span
      className={[styles.badge, className].filter(Boolean).join(' ')}
      data-testid="badge"
      aria-hidden={decorative ? 'true' : undefined}
    >
      <span aria-hidden={label && !decorative ? 'true' : undefined}>{shown}</span>
      {label && !decorative && <span className="visually-hidden">{`${count} ${label}`}</span>}
    </span>
  );
}

/**
 * A decorative badge after a label, a space before it: the seen text reads 'Счета 3', in the order
 * of the name 'Счета, 3 неоплаченных счёта' (WCAG 2.5.3 Label in Name; the space is what tells the
 * two words apart). Nothing at 0.
 */
export function BadgeAfterLabel(props: Omit<BadgeProps, 'decorative' | 'label'>) {
  if (!shows(props.count)) return null;
  return (
    <>
      {' '}
      <Badge {...props} decorative />
    </>
  );
}

/**
 * The accessible name of a link or tab with a decorative badge: its label first, then what the badge
 * counts, 'Счета, 3 неоплаченных счёта'. Undefined at 0 (no badge), so the name comes from the text.
 * An aria-label rather than hidden text beside the label: browsers pad hidden (absolutely positioned,
 * so block-level) text with spaces when they build a name, which would read 'Счета , 3 …'.
 */
export function labelWithCount(label: string, count: number, forms: PluralForms): string | undefined {
  if (!Number.isFinite(count) || count <= 0) return undefined;
  return `${label}, ${count} ${pluralize(count, forms)}`;
}

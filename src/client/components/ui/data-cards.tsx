import type { Key, ReactNode } from 'react';
import { Skeleton } from './skeleton.tsx';
import styles from './data-list.module.css';

export interface DataCardField<Item> {
  /** The column's name, over the value. */
  label: string;
  value(item: Item): ReactNode;
  className?: string;
  /** Takes the card's whole width instead of half. */
  wide?: boolean;
}

export interface DataCardsProps<Item> {
  /** The list's accessible name. */
  label: string;
  items: readonly Item[];
  rowKey(item: Item): Key;
  cardClassName?(item: Item): string | undefined;
  /** The card's heading (an h2) and what stands right of it. */
  title(item: Item): ReactNode;
  titleClassName?: string;
  badge(item: Item): ReactNode;
  fields: readonly DataCardField<Item>[];
  /** The links under the fields; null for none. */
  actions?(item: Item): ReactNode;
  actionsClassName?: string;
}

const classes = (...names: (string | undefined)[]) => names.filter(Boolean).join(' ');

/** A list as cards (phones): the table's fields, each under its column's name. */
export function DataCards<Item>(props: DataCardsProps<Item>) {
  const { label, items, rowKey, cardClassName, title, titleClassName, badge, fields, actions, actionsClassName } =
    props;
  return (
    <ul className={styles.cards} aria-label={label}>
      {items.map((item) => {
        const links = actions?.(item);
        return (
          <li key={rowKey(item)} className={classes(styles.card, cardClassName?.(item))}>
            <div className={styles.cardHead}>
              <h2 className={classes(styles.cardTitle, titleClassName)}>{title(item)}</h2>
              {badge(item)}
            </div>
            <dl className={styles.cardFields}>
              {fields.map((field) => (
                <div key={field.label} className={field.wide ? styles.cardWide : undefined}>
                  <dt>{field.label}</dt>
                  <dd className={field.className}>{field.value(item)}</dd>
                </div>
              ))}
            </dl>
            {links != null && <div className={classes(styles.cardActions, actionsClassName)}>{links}</div>}
          </li>
        );
      })}
    </ul>
  );
}

export interface DataCardsSkeletonProps {
  cards?: number;
  /** Sets the placeholder's height to the loaded card's. */
  className?: string;
  /** The widths of the field lines under the heading. */
  lines: readonly string[];
  /** Placeholders of the card's links, if it has them. */
  actions?: ReactNode;
  actionsClassName?: string;
}

/** Card-shaped placeholders of the same height while the first page loads. */
export function DataCardsSkeleton({ cards = 4, className, lines, actions, actionsClassName }: DataCardsSkeletonProps) {
  return (
    <ul className={styles.cards} aria-hidden="true">
      {Array.from({ length: cards }, (_, index) => (
        <li key={index} className={classes(styles.card, className)}>
          <div className={styles.cardHead}>
            <Skeleton width="8rem" height="1.25rem" />
            <Skeleton width="6rem" height="1.5rem" />
          </div>
          {lines.map((width, line) => (
            <Skeleton key={line} width={width} />
          ))}
          {actions && <div className={classes(styles.cardActions, actionsClassName)}>{actions}</div>}
        </li>
      ))}
    </ul>
  );
}

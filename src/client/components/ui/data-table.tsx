import type { Key, ReactNode } from 'react';
import { Skeleton } from './skeleton.tsx';
import styles from './data-list.module.css';

export interface DataColumn<Item> {
  /** Unique among the columns (the React key). */
  key: string;
  heading: ReactNode;
  headClassName?: string;
  className?: string;
  cell(item: Item): ReactNode;
  /** The placeholder line's width while the first page loads. */
  skeletonWidth: string;
}

function TableHead<Item>({ columns }: { columns: readonly DataColumn<Item>[] }) {
  return (
    <thead>
      <tr>
        {columns.map((column) => (
          <th key={column.key} scope="col" className={column.headClassName}>
            {column.heading}
          </th>
        ))}
      </tr>
    </thead>
  );
}

export interface DataTableProps<Item> {
  /** Read out by screen readers only. */
  caption: string;
  /** Added to the table's own class: a hook for selectors such as `.table tbody .row:hover`. */
  className?: string;
  columns: readonly DataColumn<Item>[];
  items: readonly Item[];
  rowKey(item: Item): Key;
  rowClassName?(item: Item): string | undefined;
}

/** A list as a table, one column definition per cell (wide screens). */
export function DataTable<Item>({ caption, className, columns, items, rowKey, rowClassName }: DataTableProps<Item>) {
  return (
    <div className={styles.tableWrap}>
      <table className={className ? `${styles.table} ${className}` : styles.table}>
        <caption className="visually-hidden">{caption}</caption>
        <TableHead columns={columns} />
        <tbody>
          {items.map((item) => (
            <tr key={rowKey(item)} className={rowClassName?.(item)}>
              {columns.map((column) => (
                <td key={column.key} className={column.className}>
                  {column.cell(item)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The table's shape while the first page loads: the same columns and row height, so nothing jumps. */
export function DataTableSkeleton<Item>({
  columns,
  rows = 6,
}: {
  columns: readonly DataColumn<Item>[];
  rows?: number;
}) {
  return (
    <div className={styles.tableWrap} aria-hidden="true">
      <table className={styles.table}>
        <TableHead columns={columns} />
        <tbody>
          {Array.from({ length: rows }, (_, index) => (
            <tr key={index}>
              {columns.map((column) => (
                <td key={column.key}>
                  <Skeleton width={column.skeletonWidth} />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

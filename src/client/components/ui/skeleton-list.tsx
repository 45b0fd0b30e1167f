import { Skeleton } from './skeleton.tsx';

export interface SkeletonListProps {
  /** What is loading, read by screen readers ('Загрузка адресов'). */
  label: string;
  /** How many placeholder rows. */
  rows: number;
  /** Each row's lines, by width (CSS lengths), as the loaded row will lay them out. */
  lines: readonly string[];
  /** The loaded list's class and its rows', so nothing moves when the data comes. */
  className?: string;
  itemClassName?: string;
}

/** A list still loading: rows of text-line skeletons in the loaded list's layout, marked busy. */
export function SkeletonList({ label, rows, lines, className, itemClassName }: SkeletonListProps) {
  return (
    <ul className={className} aria-busy="true" aria-label={label}>
      {Array.from({ length: rows }, (_, row) => (
        <li key={row} className={itemClassName}>
          {lines.map((width, line) => (
            <Skeleton key={line} width={width} />
          ))}
        </li>
      ))}
    </ul>
  );
}

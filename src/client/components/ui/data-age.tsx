import { useEffect, useState } from 'react';
import { formatUpdatedAgo } from '#shared/format/date.ts';
import styles from './data-age.module.css';

export interface DataAgeProps {
  /** When the data shown came from the server (ms since epoch); null while it is fresh: nothing is shown. */
  fetchedAt: number | null;
  className?: string;
}

/** How often the words are brought up to date ('5 минут назад' → '6 минут назад'). */
const TICK_MS = 30_000;

/**
 * 'Обновлено 5 минут назад' beside a screen's heading while the data shown is a saved copy (no
 * network, or a refresh failed). A short line that keeps to one row, so it never moves the page.
 */
export function DataAge({ fetchedAt, className }: DataAgeProps) {
  // Re-renders now and then while shown; each render reads the clock.
  const [, setTick] = useState(0);
  useEffect(() => {
    if (fetchedAt === null) return undefined;
    const timer = setInterval(() => setTick((n) => n + 1), TICK_MS);
    return () => clearInterval(timer);
  }, [fetchedAt]);

  if (fetchedAt === null) return null;
  return (
    <p className={[styles.age, className].filter(Boolean).join(' ')}>
      <time dateTime={new Date(fetchedAt).toISOString()}>{formatUpdatedAgo(fetchedAt)}</time>
    </p>
  );
}

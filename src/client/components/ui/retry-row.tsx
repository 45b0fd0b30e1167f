import type { ReactNode } from 'react';
import { Button } from './button.tsx';
import { FormMessage } from './form-message.tsx';
import styles from './blocks.module.css';

export interface RetryRowProps {
  /** Why the load failed (Russian, ready to show); nothing is shown without it. */
  failure: string | undefined;
  onRetry: () => void;
  /** The server refused for good (useRemote's `finalFailure`): the message alone, with `children` as the way on. */
  final?: boolean;
  /** The retried load is under way. */
  loading?: boolean;
  /** In place of the default row (a class that composes blocks.module.css retryRow, or another layout). */
  className?: string;
  /** Beside 'Повторить' (a dialog's 'Закрыть', a way back), or in its place when `final`. */
  children?: ReactNode;
}

/** A failed load's message beside its 'Повторить' (none for a final refusal: asking again cannot help). */
export function RetryRow({
  failure,
  onRetry,
  final = false,
  loading = false,
  className = styles.retryRow,
  children,
}: RetryRowProps) {
  if (!failure) return null;
  return (
    <div className={className}>
      <FormMessage tone="error">{failure}</FormMessage>
      {final ? null : (
        <Button variant="secondary" onClick={onRetry} loading={loading}>
          Повторить
        </Button>
      )}
      {children}
    </div>
  );
}

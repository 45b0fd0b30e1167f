import type { ReactNode } from 'react';
import type { Remote } from '#client/lib/use-remote.ts';
import { RetryRow } from './retry-row.tsx';

export interface RemoteViewProps<T> {
  /** The value, from useRemote (src/client/lib/use-remote.ts). */
  remote: Remote<T>;
  /** Until the first answer: skeletons in the layout the data will have, marked aria-busy. */
  skeleton: ReactNode;
  /** What is said when the answer holds nothing (a Russian sentence in its element). */
  empty?: ReactNode;
  /** Whether an answer holds nothing; by default an empty list. */
  isEmpty?: (data: T) => boolean;
  /**
   * true (the default): the last answer stays on screen while the next loads and under a failure.
   * false: only the answer to the current request shows, so another ticket's or instrument's data
   * never stands in for this one's while it loads, nor beside its failure.
   */
  keepLastData?: boolean;
  /** The failure's layout (RetryRow's by default). */
  retryClassName?: string;
  /**
   * Beside 'Повторить' when the load failed (a dialog's 'Закрыть', a way back); alone after a final
   * refusal (a used link, a record gone: `remote.finalFailure`), where 'Повторить' could not help.
   */
  retryActions?: ReactNode;
  children: (data: T) => ReactNode;
}

const isEmptyList = (data: unknown) => Array.isArray(data) && data.length === 0;

/**
 * The one way to show a loaded value (ADR 0029; docs/guides/loading-and-showing-data.md): the
 * skeleton, the failure with 'Повторить' (the message alone when the server refused for good), the
 * empty sentence or the data.
 */
export function RemoteView<T>({
  remote,
  skeleton,
  empty = null,
  isEmpty = isEmptyList,
  keepLastData = true,
  retryClassName,
  retryActions,
  children,
}: RemoteViewProps<T>) {
  const current = !remote.loading && remote.failure === undefined;
  const data = keepLastData || current ? remote.data : null;
  const failed = (
    <RetryRow failure={remote.failure} onRetry={remote.reload} final={remote.finalFailure} className={retryClassName}>
      {retryActions}
    </RetryRow>
  );
  if (data === null) return remote.failure ? failed : remote.loading ? skeleton : null;
  return (
    <>
      {failed}
      {isEmpty(data) ? empty : children(data)}
    </>
  );
}

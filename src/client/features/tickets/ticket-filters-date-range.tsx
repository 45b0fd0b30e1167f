import { useId, useState } from 'react';
import { formatDate, toApiDate, toDateValue } from '#shared/format/date.ts';
import { PopupPending } from '#client/components/ui/popup-pending.tsx';
import { Skeleton } from '#client/components/ui/skeleton.tsx';
import { lazyComponent } from '#client/lib/lazy-component.tsx';
import type { DraftRange } from './ticket-filters-calendar.tsx';
import { ClearButton } from './ticket-filters-clear.tsx';
import styles from './ticket-filters.module.css';

// The calendar (react-day-picker + date-fns' ru locale) is its own chunk: it is not needed until the
// picker opens, so it stays out of the cold-load JS. Hovering or focusing the button starts the load.
const Calendar = lazyComponent(
  () => import('./ticket-filters-calendar.tsx').then((module) => module.TicketFiltersCalendar),
  {
    fallback: <Skeleton shape="rect" height="19rem" />,
  },
);

// The dialog around it is a small chunk of its own, fetched with the calendar on hover or focus (else on
// the first tap, with a spinner over the page until it is in; the modal's chunk is in by then, the
// notices bring it): the modal stays off the list's cold path.
const DateDialog = lazyComponent(
  () => import('./ticket-filters-date-dialog.tsx').then((module) => module.TicketFiltersDateDialog),
  { fallback: <PopupPending /> },
);

function preloadPicker(): void {
  void DateDialog.preload();
  void Calendar.preload();
}

export interface TicketFiltersDateRangeProps {
  /** yyyy-MM-dd or null. */
  from: string | null;
  to: string | null;
  onChange: (from: string | null, to: string | null) => void;
}

/** How the range reads on the button, dd.MM.yyyy (cabinet.md §2). */
export function rangeText(from: string | null, to: string | null): string {
  if (from && to) return from === to ? formatDate(from) : `${formatDate(from)} – ${formatDate(to)}`;
  if (from) return `с ${formatDate(from)}`;
  if (to) return `по ${formatDate(to)}`;
  return 'Любая дата';
}

const toDate = (value: string | null) => toDateValue(value) ?? undefined;

/** The date range filter: a button showing the range, a calendar dialog, a clear button. Applied without an 'apply' step. */
export function TicketFiltersDateRange({ from, to, onChange }: TicketFiltersDateRangeProps) {
  const labelId = useId();
  const [open, setOpen] = useState(false);
  // Mounted from the first opening on, so the modal can play its closing as before.
  const [opened, setOpened] = useState(false);
  const [draft, setDraft] = useState<DraftRange | undefined>();

  const openPicker = () => {
    setDraft(from || to ? { from: toDate(from), to: toDate(to) } : undefined);
    setOpen(true);
    setOpened(true);
  };

  // A range is applied the moment both ends are picked; a start alone is applied when the dialog closes.
  const select = (range: DraftRange | undefined) => {
    setDraft(range);
    if (range?.from && range.to) {
      onChange(toApiDate(range.from), toApiDate(range.to));
      setOpen(false);
    }
  };

  const close = () => {
    setOpen(false);
    if (draft?.from && !draft.to) onChange(toApiDate(draft.from), null);
  };

  const hasRange = from !== null || to !== null;
  return (
    <div className={styles.field}>
      <span id={labelId} className={styles.label}>
        Период
      </span>
      <div className={styles.control}>
        <button
          type="button"
          className={`${styles.input} ${styles.dateButton}`}
          aria-labelledby={`${labelId} ${labelId}-value`}
          aria-haspopup="dialog"
          onClick={openPicker}
          onPointerEnter={preloadPicker}
          onFocus={preloadPicker}
        >
          <svg
            viewBox="0 0 24 24"
            width="20"
            height="20"
            aria-hidden="true"
            focusable="false"
            className={styles.dateIcon}
          >
            <rect x="4" y="5" width="16" height="15" rx="2" fill="none" stroke="currentColor" strokeWidth="2" />
            <path d="M4 10h16M9 3v4M15 3v4" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
          <span id={`${labelId}-value`} className={hasRange ? undefined : styles.placeholder}>
            {rangeText(from, to)}
          </span>
        </button>
        {hasRange && <ClearButton label="Сбросить период" onClick={() => onChange(null, null)} />}
      </div>

      {opened ? (
        <DateDialog open={open} draft={draft} onClose={close}>
          <Calendar selected={draft} onSelect={select} />
        </DateDialog>
      ) : null}
    </div>
  );
}

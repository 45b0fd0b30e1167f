import { useEffect, useId, useRef, useState } from 'react';
import { FILTERABLE_TICKET_STATUS_CODES } from '#shared/dictionaries/filterable-ticket-statuses.ts';
import { TICKET_STATUSES } from '#shared/dictionaries/ticket-statuses.ts';
import type { TicketsListFilter } from './list-query.ts';
import { TicketFiltersDateRange } from './ticket-filters-date-range.tsx';
import { ClearButton } from './ticket-filters-clear.tsx';
import styles from './ticket-filters.module.css';

/** cabinet.md §9: the number search waits this long after the last keystroke. */
export const NUMBER_SEARCH_DEBOUNCE_MS = 350;

/** How many filters are on (the period counts once): 'Фильтры · 2' on phones. */
export function activeFilterCount(filter: TicketsListFilter): number {
  return [
    filter.status !== null,
    filter.dateFrom !== null || filter.dateTo !== null,
    filter.number !== '',
    filter.onlyMine,
  ].filter(Boolean).length;
}

export interface TicketFiltersProps {
  filter: TicketsListFilter;
  onChange: (patch: Partial<TicketsListFilter>) => void;
}

/**
 * The requests list filters (cabinet.md §2 Requests list): each applies at once, the number after a
 * pause. On phones they fold behind one 'Фильтры · N' button (CSS decides), so the first ticket is on
 * the first screen.
 */
export function TicketFilters({ filter, onChange }: TicketFiltersProps) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const count = activeFilterCount(filter);
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  });

  const [numberText, setNumberText] = useState(filter.number);
  // The address changed the number by itself (Back, 'Сбросить фильтры'): the field follows instead of
  // sending its old text. The number this field sent coming back is no such change (typing goes on).
  const [knownNumber, setKnownNumber] = useState(filter.number);
  if (knownNumber !== filter.number) {
    setKnownNumber(filter.number);
    setNumberText(filter.number);
  }
  useEffect(() => {
    if (numberText === filter.number) return;
    const timer = setTimeout(() => {
      setKnownNumber(numberText);
      onChangeRef.current({ number: numberText });
    }, NUMBER_SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [numberText, filter.number]);

  const clearNumber = () => {
    setKnownNumber('');
    setNumberText('');
    if (filter.number !== '') onChange({ number: '' });
  };

  return (
    <div className={styles.fold}>
      <button
        type="button"
        className={styles.toggle}
        aria-expanded={open}
        aria-controls={`${id}-filters`}
        onClick={() => setOpen((value) => !value)}
      >
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
          <path d="M4 6h16M7 12h10M10 18h4" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
        {count > 0 ? `Фильтры · ${count}` : 'Фильтры'}
      </button>
      {/* oxlint-disable-next-line jsx-a11y/prefer-tag-over-role -- <search> has no role in Safari before 17 nor in the tests' DOM. */}
      <div role="search" id={`${id}-filters`} className={styles.filters} data-open={open} aria-label="Фильтры заявок">
        <div className={styles.field}>
          <label htmlFor={`${id}-number`} className={styles.label}>
            Номер заявки
          </label>
          <div className={styles.control}>
            <input
              id={`${id}-number`}
              className={styles.input}
              type="text"
              inputMode="numeric"
              autoComplete="off"
              enterKeyHint="search"
              placeholder="Поиск по номеру"
              maxLength={9}
              value={numberText}
              // The server takes digits only: anything else is dropped as it is typed.
              onChange={(event) => setNumberText(event.target.value.replace(/\D/g, '').slice(0, 9))}
            />
            {numberText !== '' && <ClearButton label="Очистить номер заявки" onClick={clearNumber} />}
          </div>
        </div>

        <div className={styles.field}>
          <label htmlFor={`${id}-status`} className={styles.label}>
            Статус
          </label>
          <div className={styles.control}>
            <select
              id={`${id}-status`}
              className={`${styles.input} ${styles.select}`}
              value={filter.status === null ? '' : String(filter.status)}
              onChange={(event) => onChange({ status: event.target.value === '' ? null : Number(event.target.value) })}
            >
              <option value="">Все статусы</option>
              {FILTERABLE_TICKET_STATUS_CODES.map((code) => (
                <option key={code} value={code}>
                  {TICKET_STATUSES[code]}
                </option>
              ))}
            </select>
            {filter.status !== null && (
              <ClearButton label="Сбросить статус" onClick={() => onChange({ status: null })} withSelect />
            )}
          </div>
        </div>

        <TicketFiltersDateRange
          from={filter.dateFrom}
          to={filter.dateTo}
          onChange={(dateFrom, dateTo) => onChange({ dateFrom, dateTo })}
        />

        <label className={styles.checkbox}>
          <input
            type="checkbox"
            checked={filter.onlyMine}
            onChange={(event) => onChange({ onlyMine: event.target.checked })}
          />
          <span>Только мои заявки</span>
        </label>
      </div>
    </div>
  );
}

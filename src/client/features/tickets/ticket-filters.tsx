import { useEffect, useId, useRef, useState } from 'react';
import { TICKET_STATUS_CODES, TICKET_STATUSES } from '#shared/dictionaries/ticket-statuses.ts';
import type { TicketsListFilter } from './list-api.ts';
import { TicketFiltersDateRange } from './ticket-filters-date-range.tsx';
import { ClearButton } from './ticket-filters-clear.tsx';
import styles from './ticket-filters.module.css';

/** cabinet.md §9: the number search waits this long after the last keystroke. */
export const NUMBER_SEARCH_DEBOUNCE_MS = 350;

export interface TicketFiltersProps {
  filter: TicketsListFilter;
  onChange: (patch: Partial<TicketsListFilter>) => void;
}

/** The requests list filters (cabinet.md §2 Requests list): each applies at once, the number after a pause. */
export function TicketFilters({ filter, onChange }: TicketFiltersProps) {
  const id = useId();
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  });

  const [numberText, setNumberText] = useState(filter.number);
  useEffect(() => {
    if (numberText === filter.number) return;
    const timer = setTimeout(() => onChangeRef.current({ number: numberText }), NUMBER_SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [numberText, filter.number]);

  const clearNumber = () => {
    setNumberText('');
    if (filter.number !== '') onChange({ number: '' });
  };

  return (
    <div role="search" className={styles.filters} aria-label="Фильтры заявок">
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
            {TICKET_STATUS_CODES.map((code) => (
              <option key={code} value={code}>
                {TICKET_STATUSES[code]}
              </option>
            ))}
          </select>
          {filter.status !== null && <ClearButton label="Сбросить статус" onClick={() => onChange({ status: null })} withSelect />}
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
  );
}

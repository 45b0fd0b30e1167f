import { DayPicker } from 'react-day-picker';
import { ru } from 'react-day-picker/locale/ru';
import 'react-day-picker/style.css';
import styles from './ticket-filters-calendar.module.css';

/** The years offered in the month and year dropdowns: ten back, one ahead. */
const START_MONTH = new Date(new Date().getFullYear() - 10, 0);
const END_MONTH = new Date(new Date().getFullYear() + 1, 11);

/** A range being picked: the end is missing until the second tap. */
export interface DraftRange {
  from: Date | undefined;
  to?: Date | undefined;
}

export interface TicketFiltersCalendarProps {
  selected: DraftRange | undefined;
  onSelect: (range: DraftRange | undefined) => void;
}

/** The month grid of the date filter, in Russian (weeks from Monday), keyboard operable. Lazily loaded. */
export function TicketFiltersCalendar({ selected, onSelect }: TicketFiltersCalendarProps) {
  return (
    <div className={styles.calendar}>
      <DayPicker
        mode="range"
        locale={ru}
        // Every tap after a complete range starts a new one: 'pick start, pick end' every time.
        resetOnSelect
        selected={selected}
        onSelect={onSelect}
        defaultMonth={selected?.from ?? selected?.to}
        captionLayout="dropdown"
        startMonth={START_MONTH}
        endMonth={END_MONTH}
        showOutsideDays
        fixedWeeks
      />
    </div>
  );
}

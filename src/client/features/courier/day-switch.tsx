import { moscowDay } from './days.ts';
import styles from './courier.module.css';

/** 'Сегодня' / 'Завтра': the one day the route and the map show (kept in the route store while the app runs). */
export type CourierDayChoice = 'today' | 'tomorrow';

/** The choice's Moscow date ('YYYY-MM-DD'). */
export const dateOf = (day: CourierDayChoice): string => moscowDay(day === 'today' ? 0 : 1);

/** The other day, which is kept on the phone too. */
export const otherDay = (day: CourierDayChoice): CourierDayChoice => (day === 'today' ? 'tomorrow' : 'today');

/** The stops' list label for the day, as screen readers hear it. */
export const stopsLabel = (day: CourierDayChoice): string =>
  day === 'today' ? 'Остановки на сегодня' : 'Остановки на завтра';

export function DaySwitch({ day, onChange }: { day: CourierDayChoice; onChange: (day: CourierDayChoice) => void }) {
  return (
    <fieldset className={styles.days} aria-label="День маршрута">
      {(['today', 'tomorrow'] as const).map((choice) => (
        <button
          key={choice}
          type="button"
          className={styles.dayButton}
          aria-pressed={day === choice}
          onClick={() => onChange(choice)}
        >
          {choice === 'today' ? 'Сегодня' : 'Завтра'}
        </button>
      ))}
    </fieldset>
  );
}

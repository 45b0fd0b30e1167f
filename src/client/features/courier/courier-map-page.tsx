import { Link } from '@tanstack/react-router';
import { useNoConnection } from '#client/lib/connection.ts';
import { lazyComponent } from '#client/lib/lazy-component.tsx';
import { SkeletonText } from '#client/components/ui/skeleton.tsx';
import { DataAge } from '#client/components/ui/data-age.tsx';
import { dateOf, DaySwitch, stopsLabel, type CourierDayChoice } from './day-switch.tsx';
import { useCourierDay } from './use-courier-data.ts';
import styles from './courier.module.css';

const StopsMap = lazyComponent(() => import('./stops-map.tsx').then((module) => module.StopsMap), {
  fallback: <div className={styles.mapPlaceholder} aria-hidden="true" />,
  failed: () => <p className={styles.empty}>Карта недоступна без связи</p>,
});

export interface CourierMapPageProps {
  userId: number;
  /** The day the route shows: the map follows the same switch. */
  day: CourierDayChoice;
  onDayChange: (day: CourierDayChoice) => void;
  onOpen: (id: number) => void;
}

/** 'Карта' (`/courier/map`): the chosen day's stops on the map; with no connection the list still works. */
export function CourierMapPage({ userId, day, onDayChange, onOpen }: CourierMapPageProps) {
  const { value, savedAt } = useCourierDay(userId, dateOf(day));
  const noConnection = useNoConnection();
  return (
    <section className={styles.page} aria-labelledby="courier-map-title">
      <div className={styles.heading}>
        <h1 id="courier-map-title" className={styles.title}>
          Карта
        </h1>
        <DataAge fetchedAt={savedAt} />
      </div>
      <DaySwitch day={day} onChange={onDayChange} />
      {noConnection ? (
        <p className={styles.pending} data-testid="courier-map-offline">
          Карта недоступна без связи
        </p>
      ) : value === null ? (
        <div className={styles.mapPlaceholder} aria-hidden="true" />
      ) : (
        <StopsMap stops={value} onOpen={onOpen} />
      )}
      {value === null ? (
        <SkeletonText lines={3} />
      ) : value.length === 0 ? (
        <p className={styles.empty}>На этот день остановок нет</p>
      ) : (
        <ol className={styles.mapList} aria-label={stopsLabel(day)}>
          {value.map((stop) => (
            <li key={stop.id}>
              <Link to="/courier/stops/$id" params={{ id: String(stop.id) }}>
                {stop.number}. {stop.clinic.name}
              </Link>
              {stop.address.coordinates ? null : <span className={styles.muted}>Точка на карте не указана</span>}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

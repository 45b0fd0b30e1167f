import { Link } from '@tanstack/react-router';
import { useEffect } from 'react';
import { countOf, INSTRUMENT_FORMS } from '#shared/format/plural.ts';
import type { CourierStop } from '#shared/screens/courier.ts';
import { DataAge } from '#client/components/ui/data-age.tsx';
import { RetryRow } from '#client/components/ui/retry-row.tsx';
import { SkeletonText } from '#client/components/ui/skeleton.tsx';
import { useNoConnection } from '#client/lib/connection.ts';
import { useOutbox } from '#client/lib/sw-bridge.ts';
import { dateOf, DaySwitch, otherDay, stopsLabel, type CourierDayChoice } from './day-switch.tsx';
import { kindLabel, pendingFor, pendingLabel, stateLabel } from './stop-state.ts';
import { fetchAndSaveDay, useCourierDay } from './use-courier-data.ts';
import styles from './courier.module.css';

export interface CourierRouteListProps {
  userId: number;
  day: CourierDayChoice;
  onDayChange: (day: CourierDayChoice) => void;
}

/** 'Маршрут' (`/courier`): the day's stops in the back office's order, today or tomorrow. */
export function CourierRouteList({ userId, day, onDayChange }: CourierRouteListProps) {
  const date = dateOf(day);
  const { remote, value, savedAt, hydrated } = useCourierDay(userId, date);
  const noConnection = useNoConnection();
  const answered = remote.data !== null;

  // The other day is kept on the phone too, whenever this one was answered: tomorrow's route is
  // there offline even if only today was opened.
  useEffect(() => {
    if (!answered) return;
    const controller = new AbortController();
    fetchAndSaveDay(dateOf(otherDay(day)), userId, controller.signal).catch(() => {});
    return () => controller.abort();
  }, [answered, day, userId]);

  return (
    <section className={styles.page} aria-labelledby="courier-route-title">
      <div className={styles.heading}>
        <h1 id="courier-route-title" className={styles.title}>
          Маршрут
        </h1>
        <DataAge fetchedAt={savedAt} />
      </div>
      <DaySwitch day={day} onChange={onDayChange} />
      {value === null ? (
        remote.failure && hydrated ? (
          noConnection ? (
            <p className={styles.empty}>Маршрут загрузится, когда появится связь.</p>
          ) : (
            <RetryRow failure={remote.failure} onRetry={remote.reload} final={remote.finalFailure} />
          )
        ) : (
          <div aria-busy="true" aria-label="Загрузка маршрута">
            <SkeletonText lines={4} />
          </div>
        )
      ) : value.length === 0 ? (
        <p className={styles.empty}>На этот день остановок нет</p>
      ) : (
        <>
          {remote.failure && !noConnection ? (
            <RetryRow failure={remote.failure} onRetry={remote.reload} final={remote.finalFailure} />
          ) : null}
          <ol className={styles.stops} aria-label={stopsLabel(day)}>
            {value.map((stop) => (
              <StopRow key={stop.id} stop={stop} />
            ))}
          </ol>
        </>
      )}
    </section>
  );
}

function StopRow({ stop }: { stop: CourierStop }) {
  const entries = useOutbox((state) => state.entries);
  const pending = pendingFor(entries, stop.id);
  const last = pending.at(-1);
  const address = [stop.address.address, stop.address.room].filter(Boolean).join(', ');
  return (
    <li className={styles.stop} data-testid="courier-stop" data-state={stop.state}>
      <Link to="/courier/stops/$id" params={{ id: String(stop.id) }} className={styles.stopLink}>
        <span className={styles.number} aria-label={`Остановка ${stop.number}`}>
          {stop.number}
        </span>
        <span className={styles.stopBody}>
          <span className={styles.stopTop}>
            <span className={styles.kind}>{kindLabel(stop)}</span>
            {stop.window ? <span className={styles.window}>{stop.window}</span> : null}
          </span>
          <strong className={styles.clinic}>{stop.clinic.name}</strong>
          <span className={styles.address}>{address}</span>
          {stop.address.comment ? <span className={styles.muted}>{stop.address.comment}</span> : null}
          <span className={styles.stopBottom}>
            <span>{countOf(stop.instruments.length, INSTRUMENT_FORMS)}</span>
            <span className={styles.state} data-tone={stop.state}>
              {last ? `${pendingLabel(last, stop)} · Ожидает отправки` : stateLabel(stop)}
            </span>
          </span>
        </span>
      </Link>
    </li>
  );
}

import { Link } from '@tanstack/react-router';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { telHref } from '#shared/screens/map-links.ts';
import { MapLink } from '#client/components/ui/map-link.tsx';
import { instrumentDisplayName } from '#shared/dictionaries/instruments.ts';
import { formatPhone } from '#shared/format/phone-mask.ts';
import { courierFilePath, stopOffDayMessage, type CourierStop } from '#shared/screens/courier.ts';
import { STOP_FAIL_REASON_LABELS } from '#shared/screens/courier-labels.ts';
import { DataAge } from '#client/components/ui/data-age.tsx';
import { FormMessage } from '#client/components/ui/form-message.tsx';
import { RetryRow } from '#client/components/ui/retry-row.tsx';
import { SkeletonText } from '#client/components/ui/skeleton.tsx';
import { useNoConnection } from '#client/lib/connection.ts';
import { useOutbox } from '#client/lib/sw-bridge.ts';
import { useCourierRoute } from './route-store.ts';
import { QUEUED_NOTICE, StopActions } from './stop-actions.tsx';
import { clockOf, moscowDay } from './days.ts';
import { doneLabel, kindLabel, pendingFor, pendingLabel, stateLabel } from './stop-state.ts';
import { useCourierStop } from './use-courier-data.ts';
import styles from './courier.module.css';

export interface StopCardProps {
  userId: number;
  id: number;
}

const STOP_GONE = 'Этой остановки нет в вашем маршруте: сервисный центр отменил её или передал другому курьеру.';

/** A stop's card (`/courier/stops/$id`): where, whom to call, what to take, and the actions. */
export function StopCard({ userId, id }: StopCardProps) {
  const { remote, value: stop, savedAt, hydrated, gone } = useCourierStop(userId, id);
  const noConnection = useNoConnection();
  if (stop === null) {
    return (
      <section className={styles.page} aria-labelledby="courier-stop-title">
        <BackLink />
        <h1 id="courier-stop-title" className={styles.title}>
          Остановка
        </h1>
        {gone && remote.failure ? (
          <p className={styles.empty}>{STOP_GONE}</p>
        ) : remote.failure && hydrated ? (
          noConnection ? (
            <p className={styles.empty}>Остановка загрузится, когда появится связь.</p>
          ) : (
            <RetryRow failure={remote.failure} onRetry={remote.reload} final={remote.finalFailure} />
          )
        ) : (
          <div aria-busy="true" aria-label="Загрузка остановки">
            <SkeletonText lines={6} />
          </div>
        )}
      </section>
    );
  }
  return (
    <StopDetails
      stop={stop}
      savedAt={savedAt}
      onChanged={(changed) => {
        remote.update(() => changed);
        useCourierRoute.getState().saveStop(changed, userId);
      }}
    />
  );
}

/** What the courier reported on a finished stop: how many instruments and from whom, or why not. */
function StopOutcome({ stop }: { stop: CourierStop }) {
  if (stop.done) {
    const collected = stop.done.instruments.filter((instrument) => instrument.collected).length;
    const who = stop.kind === 'pickup' ? 'передал(а)' : 'принял(а)';
    return (
      <p className={styles.muted}>
        {doneLabel(stop)} {collected} из {stop.done.instruments.length}, {who} {stop.done.person}
        {stop.finished_at ? `, в ${clockOf(stop.finished_at)}` : ''}
      </p>
    );
  }
  if (stop.failed) {
    const reason = STOP_FAIL_REASON_LABELS[stop.failed.reason];
    return (
      <p className={styles.muted}>
        Не застал: {reason}
        {stop.failed.comment ? ` (${stop.failed.comment})` : ''}
      </p>
    );
  }
  return null;
}

/**
 * The actions, while the stop may still be marked: not once finished (or a finish waits in the
 * outbox), and only on the stop's own date, as the server rules; another day's says when instead.
 */
function StopActionsOrWhy({
  stop,
  finishedPending,
  waiting,
  children,
}: {
  stop: CourierStop;
  finishedPending: boolean;
  waiting: boolean;
  children: ReactNode;
}) {
  if (stop.state === 'done' || stop.state === 'failed' || finishedPending) return null;
  const today = moscowDay(0);
  if (stop.date === today) return children;
  // A tap of that day still waiting to be sent is accepted when it arrives: nothing to explain then.
  if (waiting) return null;
  return (
    <p className={styles.offDay} data-testid="courier-stop-off-day">
      {stopOffDayMessage(stop.date, today)}
    </p>
  );
}

/** What became of an instrument at the hand-over: it changed hands, or stayed where it was. */
function handOverLabel(stop: CourierStop, collected: boolean): string {
  if (stop.kind === 'pickup') return collected ? 'Забран' : 'Остался в клинике';
  return collected ? 'Доставлен' : 'Не доставлен';
}

/** The ticket's instruments; on a finished hand-over, each says whether it changed hands. */
function InstrumentList({ stop }: { stop: CourierStop }) {
  const collected = new Map(stop.done?.instruments.map((item) => [item.id, item.collected]));
  return (
    <ul className={styles.instruments}>
      {stop.instruments.map((instrument) => {
        const title = instrumentDisplayName(instrument);
        // A 'Свой вариант' without a name is titled by its description: not told twice (as the clinic's card).
        const description = instrument.description.trim() !== title ? instrument.description : '';
        const handedOver = collected.get(instrument.id);
        return (
          <li key={instrument.id} className={styles.instrument}>
            <span>
              <strong>{title}</strong>,{' '}
              <span className={styles.serial}>
                №{'\u00A0'}
                {instrument.serial_number}
              </span>
            </span>
            {description ? <span className={styles.muted}>{description}</span> : null}
            {instrument.guarantee ? <span className={styles.guarantee}>На гарантии</span> : null}
            {handedOver === undefined ? null : (
              <span className={styles.handOver} data-collected={handedOver} data-testid="courier-hand-over">
                {handOverLabel(stop, handedOver)}
              </span>
            )}
          </li>
        );
      })}
    </ul>
  );
}

/** Photo thumbnails under a heading (none: nothing), each opening the full photo. */
function PhotoList({ title, photos }: { title: string; photos: CourierStop['photos'] }) {
  if (photos.length === 0) return null;
  return (
    <>
      <h2 className={styles.subtitle}>{title}</h2>
      <ul className={styles.photos} aria-label={title}>
        {photos.map((photo, index) => (
          <li key={photo.id}>
            <a href={photo.url || courierFilePath(photo.id)} target="_blank" rel="noopener">
              <img
                src={photo.url || courierFilePath(photo.id)}
                alt={`Фото ${index + 1}`}
                width={96}
                height={96}
                loading="lazy"
                className={styles.photo}
              />
            </a>
          </li>
        ))}
      </ul>
    </>
  );
}

function BackLink() {
  return (
    <Link to="/courier" className={styles.back}>
      ← Маршрут
    </Link>
  );
}

function StopDetails({
  stop,
  savedAt,
  onChanged,
}: {
  stop: CourierStop;
  savedAt: number | null;
  onChanged: (stop: CourierStop) => void;
}) {
  const entries = useOutbox((state) => state.entries);
  const pending = pendingFor(entries, stop.id);
  const [notice, setNotice] = useState<string | null>(null);
  const last = pending.at(-1);
  const finishedPending = pending.some((entry) => entry.kind !== 'stop-en-route');
  const noticeRef = useRef<HTMLDivElement>(null);
  const waiting = last !== undefined;
  const wasWaiting = useRef(waiting);
  // The kept action left the phone (sent, or refused and listed in 'Не отправлено'): 'отправится сама' no longer holds.
  useEffect(() => {
    if (wasWaiting.current && !waiting) setNotice((current) => (current === QUEUED_NOTICE ? null : current));
    wasWaiting.current = waiting;
  }, [waiting]);
  // The tapped button is gone with its panel (or all the actions, the stop finished): focus lands on what happened, not on the page.
  useEffect(() => {
    if (notice !== null) noticeRef.current?.focus();
  }, [notice]);
  const address = [stop.address.address, stop.address.room].filter(Boolean).join(', ');
  const phone = formatPhone(stop.contact.phone);
  return (
    <section className={styles.page} aria-labelledby="courier-stop-title">
      <BackLink />
      <div className={styles.heading}>
        <h1 id="courier-stop-title" className={styles.title}>
          {stop.number}. {stop.clinic.name}
        </h1>
        <div className={styles.ageRow}>
          <DataAge fetchedAt={savedAt} className={styles.ageLine} />
        </div>
      </div>
      <p className={styles.stopTop}>
        <span className={styles.kind}>{kindLabel(stop)}</span>
        {stop.window ? <span className={styles.window}>{stop.window}</span> : null}
        <span className={styles.state} data-tone={stop.state} data-testid="courier-stop-state">
          {stateLabel(stop)}
        </span>
      </p>
      <StopOutcome stop={stop} />
      {last ? (
        <output className={styles.pending} data-testid="courier-stop-pending">
          {pendingLabel(last, stop)}: Ожидает отправки
        </output>
      ) : null}

      <dl className={styles.facts}>
        <div>
          <dt>Адрес</dt>
          <dd>
            <span>{address}</span>
            {stop.address.comment ? <span className={styles.muted}>{stop.address.comment}</span> : null}
            {stop.address.coordinates ? (
              <MapLink coordinates={stop.address.coordinates} className={styles.mapLink} />
            ) : null}
          </dd>
        </div>
        <div>
          <dt>Контакт</dt>
          <dd>
            {stop.contact.name ? <span>{stop.contact.name}</span> : null}
            {stop.contact.phone ? (
              <a href={telHref(phone)} className={styles.phone}>
                {phone}
              </a>
            ) : null}
          </dd>
        </div>
        {stop.comment ? (
          <div>
            <dt>Комментарий</dt>
            <dd>{stop.comment}</dd>
          </div>
        ) : null}
      </dl>

      <h2 className={styles.subtitle}>Инструменты</h2>
      <InstrumentList stop={stop} />
      <PhotoList title="Фото к заявке" photos={stop.photos} />
      {stop.done ? <PhotoList title="Фото при передаче" photos={stop.done.photos} /> : null}

      <div ref={noticeRef} tabIndex={-1}>
        <FormMessage tone="success">{notice}</FormMessage>
      </div>
      <StopActionsOrWhy stop={stop} finishedPending={finishedPending} waiting={waiting}>
        <StopActions stop={stop} onChanged={onChanged} onNotice={setNotice} />
      </StopActionsOrWhy>
    </section>
  );
}

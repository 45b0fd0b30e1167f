import * as v from 'valibot';
import { useEffect } from 'react';
import type { OutboxEntry } from '#shared/screens/outbox.ts';
import { entryStopId, isCourierAction } from '#shared/screens/courier-outbox.ts';
import { courierMessages, courierStop } from '#shared/screens/courier.ts';
import { Button } from '#client/components/ui/button.tsx';
import { discardOutbox, onOutboxChange, retryOutbox, useOutbox } from '#client/lib/sw-bridge.ts';
import { savedStop, useCourierRoute } from './route-store.ts';
import { isFurtherOn, pendingLabel } from './stop-state.ts';
import styles from './courier.module.css';

const answerWithStop = v.object({ stop: courierStop });

/**
 * The courier's side of the outbox (ADR 0010, 0047): an action the worker sent later updates the
 * saved route; one the server refused is listed calmly — a cancelled or reassigned stop (409) says
 * so — with 'Повторить' where sending again can help, and 'Убрать'. One kept while logged out is sent
 * by itself after the next login (the worker gets the new token).
 */
export function CourierOutboxPanel({ userId }: { userId: number }) {
  useEffect(
    () =>
      onOutboxChange((entry) => {
        if (!isCourierAction(entry.kind)) return;
        if (entry.state !== 'done' && entry.state !== 'conflict') return;
        const route = useCourierRoute.getState();
        const parsed = v.safeParse(answerWithStop, entry.result);
        if (parsed.success) route.saveStop(parsed.output.stop, userId);
        // What is on screen loads again: the stop changed, or the back office changed it meanwhile.
        route.reload();
      }),
    [userId],
  );
  const entries = useOutbox((state) => state.entries);
  const days = useCourierRoute((state) => state.days);
  const hydrated = useCourierRoute((state) => state.hydrated);
  // The worker may have sent an action while the app was closed: no notice reached a page then, but
  // the worker keeps the applied entry with its answer (two days), listed when the app opens. The saved
  // route learns from it, so a card opened offline does not offer the actions again. Only forward:
  // an older answer ('Еду') never undoes a newer copy ('Забрал').
  useEffect(() => {
    if (!hydrated) return;
    const route = useCourierRoute.getState();
    for (const entry of Object.values(entries)) {
      if (!isCourierAction(entry.kind) || entry.state !== 'done' || !isOwn(entry, userId)) continue;
      const parsed = v.safeParse(answerWithStop, entry.result);
      if (!parsed.success) continue;
      const saved = savedStop(route.days, parsed.output.stop.id, userId);
      if (saved !== null && isFurtherOn(parsed.output.stop, saved)) route.saveStop(parsed.output.stop, userId);
    }
  }, [entries, hydrated, userId]);
  const shown = Object.values(entries)
    .filter(
      (entry) =>
        isCourierAction(entry.kind) &&
        isOwn(entry, userId) &&
        (entry.state === 'conflict' || entry.state === 'failed' || entry.state === 'auth'),
    )
    .sort((a, b) => a.createdAt - b.createdAt);
  if (shown.length === 0) return null;
  return (
    <section className={styles.outbox} aria-labelledby="courier-outbox-title" data-testid="courier-outbox">
      <h2 id="courier-outbox-title">Не отправлено</h2>
      <ul className={styles.outboxList}>
        {shown.map((entry) => {
          const stopId = entryStopId(entry);
          const stop = stopId === null ? null : savedStop(days, stopId, userId);
          const what = stop ? `${pendingLabel(entry, stop)}: ${stop.number}. ${stop.clinic.name}` : 'Отметка';
          return (
            <li key={entry.id} className={styles.outboxRow}>
              <span className={styles.outboxText}>
                <strong>{what}.</strong> {reasonOf(entry)}
              </span>
              {entry.state === 'failed' ? (
                <Button variant="secondary" onClick={() => retryOutbox(entry.id)}>
                  Повторить
                </Button>
              ) : null}
              <Button variant="secondary" onClick={() => discardOutbox(entry.id)}>
                Убрать
              </Button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/** An entry of this account (older entries carry none: the one logged in then, kept for it). */
function isOwn(entry: OutboxEntry, userId: number): boolean {
  return entry.accountId === undefined || entry.accountId === null || entry.accountId === userId;
}

/** The server's own words when it gave them; a refused action on a changed stop is most often a cancellation. */
function reasonOf(entry: OutboxEntry): string {
  if (entry.state === 'conflict') return entry.lastError ?? courierMessages.cancelled;
  if (entry.state === 'auth') return 'Отправится после входа в приложение';
  return entry.lastError ?? 'Сервер не принял отметку';
}

import type { OutboxEntry } from '#shared/screens/outbox.ts';
import { entryStopId } from '#shared/screens/courier-outbox.ts';
import { STOP_KIND_LABELS, STOP_STATE_LABELS } from '#shared/screens/courier-labels.ts';
import type { CourierStop } from '#shared/screens/courier.ts';
import { isUnsent } from '#client/lib/sw-bridge.ts';
import { clockOf } from './days.ts';

/** 'Забрать' / 'Привезти'. */
export const kindLabel = (stop: Pick<CourierStop, 'kind'>) => STOP_KIND_LABELS[stop.kind];

/** 'Забрал' (pickup) or 'Доставил' (return): the button and the done state. */
export const doneLabel = (stop: Pick<CourierStop, 'kind'>) => (stop.kind === 'pickup' ? 'Забрал' : 'Доставил');

/** The stop's state as the courier reads it: 'Запланирована', 'Еду, буду в 11:40', 'Забрал', 'Не застал'. */
export function stateLabel(stop: Pick<CourierStop, 'kind' | 'state' | 'eta_at'>): string {
  switch (stop.state) {
    case 'planned':
      return STOP_STATE_LABELS.planned;
    case 'en_route':
      return stop.eta_at ? `Еду, буду в ${clockOf(stop.eta_at)}` : 'Еду';
    case 'done':
      return doneLabel(stop);
    case 'failed':
      return STOP_STATE_LABELS.failed;
  }
}

/** The outbox's entries on this stop that have not reached the server, oldest first. */
export function pendingFor(entries: Record<string, OutboxEntry>, stopId: number): OutboxEntry[] {
  return Object.values(entries)
    .filter((entry) => entryStopId(entry) === stopId && isUnsent(entry))
    .sort((a, b) => a.createdAt - b.createdAt);
}

/** What an action kept for later says it did: 'Еду' / 'Забрал' / 'Не застал'. */
export function pendingLabel(entry: OutboxEntry, stop: Pick<CourierStop, 'kind'>): string {
  switch (entry.kind) {
    case 'stop-en-route':
      return 'Еду';
    case 'stop-done':
      return doneLabel(stop);
    default:
      return STOP_STATE_LABELS.failed;
  }
}

/** The tone of a state: finished ones are quiet, a failed one warns (with its word, never colour alone). */
export function stateTone(state: CourierStop['state']): 'info' | 'success' | 'warning' {
  if (state === 'done') return 'success';
  if (state === 'failed') return 'warning';
  return 'info';
}

/** How far on a stop is: a finished one does not go back to planned, nor 'Еду' to nothing. */
const PROGRESS: Record<CourierStop['state'], number> = { planned: 0, en_route: 1, done: 2, failed: 2 };

/** Whether an answer shows the stop further on than the saved copy (an action the worker sent meanwhile). */
export function isFurtherOn(answered: Pick<CourierStop, 'state'>, saved: Pick<CourierStop, 'state'>): boolean {
  return PROGRESS[answered.state] > PROGRESS[saved.state];
}

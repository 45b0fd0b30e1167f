import type { StopFailReason, StopKind } from '../dictionaries/courier-stops.ts';
import { STOP_FAIL_REASON_LABELS } from '../screens/courier-labels.ts';

// What the clinic reads about the courier's visits (the ticket's line and history, the notifications),
// one wording for the server and the page. Times are Moscow timestamps as the API writes them
// ('YYYY-MM-DD HH:mm:ss'), so no zone arithmetic happens here.

/** '2026-11-29 11:40:00' → '29.11 в 11:40'. */
function dayAndTime(timestamp: string): string {
  return `${timestamp.slice(8, 10)}.${timestamp.slice(5, 7)} в ${timestamp.slice(11, 16)}`;
}

/** 'Курьер выехал к вам, будет примерно в 11:40'. */
export function courierEtaText(etaAt: string): string {
  return `Курьер выехал к вам, будет примерно в ${etaAt.slice(11, 16)}`;
}

/** 'Курьер забрал инструменты 29.11 в 11:40 (2 из 2)', or 'привёз' for a return. */
export function courierDoneText(kind: StopKind, finishedAt: string, collected: number, total: number): string {
  const verb = kind === 'pickup' ? 'забрал' : 'привёз';
  return `Курьер ${verb} инструменты ${dayAndTime(finishedAt)} (${collected} из ${total})`;
}

/** 'Курьер не застал вас 29.11 в 11:40: Закрыто', with the courier's comment after it when there is one. */
export function courierFailedText(finishedAt: string, reason: StopFailReason, comment: string): string {
  const base = `Курьер не застал вас ${dayAndTime(finishedAt)}: ${STOP_FAIL_REASON_LABELS[reason]}`;
  return comment === '' ? base : `${base} (${comment})`;
}

// The courier's three actions the outbox may keep ('Еду', 'Забрал'/'Доставил', 'Не застал'; ADR 0042,
// 0047), validated with the endpoints' own input schemas, so the worker never keeps a call the server
// would refuse as malformed. An entry on a stop holds back the later ones on the same stop: the stop
// is recorded as a statement of its own key space (its id negated, so it never meets a statement's).
import * as v from 'valibot';
import type { CourierActionKind, SeenStatement } from '#shared/api/outbox.ts';
import { stopDone, stopEnRoute, stopFailed } from '#shared/screens/courier.ts';

const courierEndpoints = [
  { kind: 'stop-en-route', endpoint: stopEnRoute },
  { kind: 'stop-done', endpoint: stopDone },
  { kind: 'stop-failed', endpoint: stopFailed },
] as const satisfies readonly { kind: CourierActionKind; endpoint: { method: string; path: string } }[];

export function courierActionKindOf(method: string, pathname: string): CourierActionKind | null {
  return (
    courierEndpoints.find((action) => action.endpoint.method === method && action.endpoint.path === pathname)?.kind ??
    null
  );
}

/** The stop as the entry's one "statement" (negated id: its own key space), or null when the body is malformed. */
export function describeCourierAction(kind: CourierActionKind, body: unknown): { statements: SeenStatement[] } | null {
  const endpoint = courierEndpoints.find((action) => action.kind === kind)?.endpoint;
  if (!endpoint) return null;
  const parsed = v.safeParse(endpoint.input, body);
  if (!parsed.success) return null;
  return { statements: [stopStatement(parsed.output.stop_id)] };
}

export function stopStatement(stopId: number): SeenStatement {
  return { id: -stopId, version: 0 };
}

// The courier's three actions the outbox may keep ('Еду', 'Забрал'/'Доставил', 'Не застал'; ADR 0042,
// 0047), validated with the endpoints' own input schemas, so the worker never keeps a call the server
// would refuse as malformed. 'Забрал' with a photo taken offline is the multipart call carrying it
// (outbox-photos.ts, ADR 0051), kept whole. An entry on a stop holds back the later ones on the same
// stop: the stop is recorded as a statement of its own key space (its id negated, so it never meets a
// statement's).
import * as v from 'valibot';
import type { CourierActionKind, KeptBody, SeenStatement } from '#shared/screens/outbox.ts';
import { stopDone, stopDoneWithPhotos, stopEnRoute, stopFailed } from '#shared/screens/courier.ts';
import { parseJson, planPhotosForm } from './outbox-photos.ts';

const courierEndpoints = [
  { kind: 'stop-en-route', endpoint: stopEnRoute, input: stopEnRoute.input },
  { kind: 'stop-done', endpoint: stopDone, input: stopDone.input },
  // The same action with its photos (multipart): its `request` part is stopDone's input.
  { kind: 'stop-done', endpoint: stopDoneWithPhotos, input: stopDone.input },
  { kind: 'stop-failed', endpoint: stopFailed, input: stopFailed.input },
] as const satisfies readonly {
  kind: CourierActionKind;
  endpoint: { method: string; path: string };
  input: v.GenericSchema;
}[];

export function courierActionKindOf(method: string, pathname: string): CourierActionKind | null {
  return (
    courierEndpoints.find((action) => action.endpoint.method === method && action.endpoint.path === pathname)?.kind ??
    null
  );
}

/** The stop as the entry's one "statement" (negated id: its own key space), or null when the body is malformed. */
export function describeCourierAction(kind: CourierActionKind, body: unknown): { statements: SeenStatement[] } | null {
  const input = courierEndpoints.find((action) => action.kind === kind)?.input;
  if (!input) return null;
  const parsed = v.safeParse(input, body);
  if (!parsed.success) return null;
  return { statements: [stopStatement(parsed.output.stop_id)] };
}

export type CourierActionPlan =
  | { body: unknown; raw?: KeptBody; statements: SeenStatement[] }
  /** Its photos are more than the outbox keeps. */
  | 'too-large'
  /** Malformed: the server's to refuse. */
  | null;

/** What the outbox would keep of a courier's call: JSON, or the multipart body with its photos. */
export async function planCourierAction(request: Request, kind: CourierActionKind): Promise<CourierActionPlan> {
  if (new URL(request.url).pathname === stopDoneWithPhotos.path) {
    const plan = await planPhotosForm(request, (body) => describeCourierAction(kind, body) !== null);
    if (plan === null || plan === 'too-large') return plan;
    return { ...plan, statements: describeCourierAction(kind, plan.body)!.statements };
  }
  const body = parseJson(await request.clone().text());
  const action = describeCourierAction(kind, body);
  return action === null ? null : { body, statements: action.statements };
}

export function stopStatement(stopId: number): SeenStatement {
  return { id: -stopId, version: 0 };
}

// The repair requests the outbox may keep (portal.md §2.1; ADR 0015): the JSON request whose photos
// were uploaded before, and the multipart one carrying the photos that could not be (outbox-photos.ts).
// Checked with the contract's own schema, so the worker never keeps a request the server would refuse
// as malformed.
import * as v from 'valibot';
import type { KeptBody } from '#shared/screens/outbox.ts';
import {
  createRepairRequest,
  createRepairRequestWithPhotos,
  repairRequestInput,
} from '#shared/screens/repair-requests.ts';
import { parseJson, planPhotosForm } from './outbox-photos.ts';

export function isRepairRequestCall(method: string, pathname: string): boolean {
  return [createRepairRequest, createRepairRequestWithPhotos].some(
    (endpoint) => endpoint.method === method && endpoint.path === pathname,
  );
}

export type RepairRequestPlan =
  /** Keep it: `body` is the request, `raw` the multipart body to send again as it is. */
  | { body: unknown; raw?: KeptBody }
  /** Its photos are more than the outbox keeps. */
  | 'too-large'
  /** Malformed: the server's to refuse. */
  | null;

export async function planRepairRequest(request: Request): Promise<RepairRequestPlan> {
  if (new URL(request.url).pathname === createRepairRequest.path) {
    const body = parseJson(await request.clone().text());
    return v.is(repairRequestInput, body) ? { body } : null;
  }
  return planPhotosForm(request, (body) => v.is(repairRequestInput, body));
}

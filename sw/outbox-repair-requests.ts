// The repair requests the outbox may keep (portal.md §2.1; ADR 0015): the JSON request whose photos
// were uploaded before, and the multipart one carrying the photos that could not be. Checked with
// the contract's own schema, so the worker never keeps a request the server would refuse as
// malformed; photos beyond what the outbox keeps are refused before anything is kept.
import * as v from 'valibot';
import type { KeptBody } from '#shared/api/outbox.ts';
import {
  createRepairRequest,
  createRepairRequestWithPhotos,
  OFFLINE_PHOTOS_MAX_BYTES,
  repairRequestInput,
} from '#shared/screens/repair-requests.ts';

/** Room for the request's JSON, the boundaries and the part headers around the photos. */
const MULTIPART_OVERHEAD = 128 * 1024;

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

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

export async function planRepairRequest(request: Request): Promise<RepairRequestPlan> {
  const contentType = request.headers.get('content-type') ?? '';
  if (new URL(request.url).pathname === createRepairRequest.path) {
    const body = parseJson(await request.clone().text());
    return v.is(repairRequestInput, body) ? { body } : null;
  }
  if (!/^multipart\/form-data;/i.test(contentType)) return null;
  const bytes = await request.clone().arrayBuffer();
  if (bytes.byteLength > OFFLINE_PHOTOS_MAX_BYTES + MULTIPART_OVERHEAD) return 'too-large';
  let form: FormData;
  try {
    form = await new Response(bytes, { headers: { 'content-type': contentType } }).formData();
  } catch {
    return null;
  }
  const part = form.get('request');
  const body = typeof part === 'string' ? parseJson(part) : undefined;
  const photos = form.getAll('photo');
  if (!v.is(repairRequestInput, body) || !photos.every((photo) => photo instanceof File && photo.size > 0)) return null;
  const photoBytes = photos.reduce((sum, photo) => sum + (photo as File).size, 0);
  if (photoBytes > OFFLINE_PHOTOS_MAX_BYTES) return 'too-large';
  return { body, raw: { contentType, size: bytes.byteLength, bytes } };
}

// A call that carries photos the page could not upload first (no network), as one multipart body:
// a JSON `request` part and `photo` parts (ADR 0015: a repair request; ADR 0051: a courier's
// 'Забрал' / 'Доставил'). The outbox keeps the body whole — its bytes in the entry, in IndexedDB —
// and the drain sends it again byte for byte, boundary included, under the tap's key: the server
// stores the photos and applies the call in one transaction, once. Photos beyond what the outbox
// keeps are refused before anything is kept.
import type { KeptBody } from '#shared/screens/outbox.ts';
import { OFFLINE_PHOTOS_MAX_BYTES } from '#shared/screens/repair-requests.ts';

/** Room for the request's JSON, the boundaries and the part headers around the photos. */
const MULTIPART_OVERHEAD = 128 * 1024;

export type PhotosFormPlan =
  /** Keep it: `body` is the `request` part, `raw` the multipart body to send again as it is. */
  | { body: unknown; raw: KeptBody }
  /** Its photos are more than the outbox keeps. */
  | 'too-large'
  /** Malformed: the server's to refuse. */
  | null;

export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Reads a multipart call with photos; `accepts` checks its `request` part with the endpoint's own schema. */
export async function planPhotosForm(request: Request, accepts: (body: unknown) => boolean): Promise<PhotosFormPlan> {
  const contentType = request.headers.get('content-type') ?? '';
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
  if (!accepts(body) || !photos.every((photo) => photo instanceof File && photo.size > 0)) return null;
  const photoBytes = photos.reduce((sum, photo) => sum + (photo as File).size, 0);
  if (photoBytes > OFFLINE_PHOTOS_MAX_BYTES) return 'too-large';
  return { body, raw: { contentType, size: bytes.byteLength, bytes } };
}

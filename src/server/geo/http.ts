import * as v from 'valibot';
import { readBodyCapped } from '#server/lib/read-body.ts';
import { GeoProviderError } from './provider.ts';

/** A provider that takes longer than this gives the spec's error text (API.md §Places): never a hung field. */
export const GEO_TIMEOUT_MS = 3_000;

export type GeoFetch = (input: string | URL, init?: RequestInit) => Promise<Response>;

/** More than any real answer (a few KB): a bigger one is a provider gone wrong, not read whole. */
export const GEO_MAX_ANSWER_BYTES = 1024 * 1024;

/**
 * GETs or POSTs and parses JSON; any failure (network, status, timeout, a redirect, an answer over
 * GEO_MAX_ANSWER_BYTES, not JSON) is a GeoProviderError. Redirects are not followed: a provider's
 * API does not move, and following one would let its answer send the server anywhere.
 */
export async function fetchJson(fetchFn: GeoFetch, url: URL, init: RequestInit = {}): Promise<unknown> {
  let response: Response;
  try {
    response = await fetchFn(url, { ...init, redirect: 'manual', signal: AbortSignal.timeout(GEO_TIMEOUT_MS) });
  } catch (error) {
    throw new GeoProviderError(`${url.host}: ${error instanceof Error ? error.name : 'request failed'}`, {
      cause: error,
    });
  }
  if (!response.ok) {
    await response.body?.cancel();
    throw new GeoProviderError(`${url.host}: HTTP ${response.status}`);
  }
  let body: Buffer | null;
  try {
    body = await readBodyCapped(response, GEO_MAX_ANSWER_BYTES);
  } catch (error) {
    throw new GeoProviderError(`${url.host}: ${error instanceof Error ? error.name : 'answer failed'}`, {
      cause: error,
    });
  }
  if (body === null) throw new GeoProviderError(`${url.host}: answer over ${GEO_MAX_ANSWER_BYTES} bytes`);
  try {
    return JSON.parse(body.toString('utf8'));
  } catch (error) {
    throw new GeoProviderError(`${url.host}: not JSON`, { cause: error });
  }
}

/** Joins the parts that are there: 'Россия, Москва, Тверская улица, 7'. */
export function joinParts(parts: ReadonlyArray<string | null | undefined>): string {
  return parts.filter((part): part is string => typeof part === 'string' && part.trim() !== '').join(', ');
}

/** A coordinate as the spec's suggestion carries it: a decimal string (DaData's shape). */
export const coordinate = (value: number | string | null | undefined): string | null =>
  value === null || value === undefined || value === '' || !Number.isFinite(Number(value))
    ? null
    : String(Number(value));

/** The provider's answer read with `schema`; anything else is a GeoProviderError naming `what`. */
export function parseAnswer<T extends v.GenericSchema>(schema: T, body: unknown, what: string): v.InferOutput<T> {
  const parsed = v.safeParse(schema, body);
  if (!parsed.success) throw new GeoProviderError(`${what}: unexpected answer`);
  return parsed.output;
}

import { createHash } from 'node:crypto';
import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import { clientAddress } from '#server/lib/client-ip.ts';
import { SESSION_COOKIE } from './session-cookie.ts';

// Who a request is for the load shedder (ADR 0040), known before any database lookup: its address,
// and within it the credential it shows (the session cookie, else the integration token; none for
// a visitor). The credential is not checked here, so anyone can show a fresh one per request: that
// is why an address's share is divided among its credentials, never multiplied by them.

export interface Client {
  address: string;
  /** A hash of the session cookie or bearer token ('' for none): no secret kept as a key. */
  credential: string;
}

const BEARER = /^Bearer[ \t]+(\S+)/i;

export function clientOf(c: Context, trustProxy: boolean): Client {
  const secret = getCookie(c, SESSION_COOKIE) ?? BEARER.exec(c.req.header('authorization') ?? '')?.[1];
  return {
    address: clientAddress(c, trustProxy),
    credential: secret === undefined ? '' : createHash('sha256').update(secret).digest('base64url'),
  };
}

/** The API requests in flight per address and, within it, per credential; an entry lives while it has some. */
export class InFlightByClient {
  private readonly addresses = new Map<string, Map<string, number>>();

  held(client: Client): number {
    return this.addresses.get(client.address)?.get(client.credential) ?? 0;
  }

  /**
   * The requests `client` may hold when the process can hold `room`: the room split evenly among the
   * addresses with requests in flight, and an address's part among its credentials (the asking
   * client counted among them, as it would be once admitted).
   */
  share(client: Client, room: number): number {
    const credentials = this.addresses.get(client.address);
    const addressCount = this.addresses.size + (credentials ? 0 : 1);
    const credentialCount = (credentials?.size ?? 0) + (credentials?.has(client.credential) ? 0 : 1);
    return room / addressCount / credentialCount;
  }

  add(client: Client): void {
    let credentials = this.addresses.get(client.address);
    if (!credentials) this.addresses.set(client.address, (credentials = new Map()));
    credentials.set(client.credential, (credentials.get(client.credential) ?? 0) + 1);
  }

  remove(client: Client): void {
    const credentials = this.addresses.get(client.address);
    const left = (credentials?.get(client.credential) ?? 0) - 1;
    if (!credentials || left < 0) return;
    if (left > 0) credentials.set(client.credential, left);
    else credentials.delete(client.credential);
    if (credentials.size === 0) this.addresses.delete(client.address);
  }
}

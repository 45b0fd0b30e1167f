import type { ServiceCentre } from '#shared/screens/places.ts';
import { CENTRAL_OFFICE_IDS } from '#shared/dictionaries/regions.ts';
import type { Config } from '#server/context.ts';
import type { Db } from '#server/db/client.ts';
import { listOffices } from './offices.ts';

/** The central offices first (1, then 2), then the regional centres by id. */
export function centralFirst(offices: readonly ServiceCentre[]): ServiceCentre[] {
  const rank = (office: ServiceCentre) => {
    const central = CENTRAL_OFFICE_IDS.indexOf(office.id);
    return central === -1 ? CENTRAL_OFFICE_IDS.length : central;
  };
  return [...offices].sort((a, b) => rank(a) - rank(b) || a.id - b.id);
}

/** The first central office's value of `field` that is not blank; null when none has one. */
function centralOfficeValue(offices: readonly ServiceCentre[], field: 'email' | 'manager_phone'): string | null {
  const office = centralFirst(offices).find(
    (candidate) => CENTRAL_OFFICE_IDS.includes(candidate.id) && candidate[field].trim() !== '',
  );
  return office ? office[field].trim() : null;
}

/** Where users write to: SUPPORT_EMAIL, else the central office's e-mail; null when neither is known. */
export function supportEmailOf(config: Pick<Config, 'supportEmail'>, offices: readonly ServiceCentre[]): string | null {
  return config.supportEmail || centralOfficeValue(offices, 'email');
}

/** The phone users call: SUPPORT_PHONE, else the central office's; null when neither is known. */
export function supportPhoneOf(config: Pick<Config, 'supportPhone'>, offices: readonly ServiceCentre[]): string | null {
  return config.supportPhone || centralOfficeValue(offices, 'manager_phone');
}

/** The contacts page: the support address and phone, and every service centre, central first. */
export async function loadContacts(
  config: Pick<Config, 'supportEmail' | 'supportPhone'>,
  db: Db,
): Promise<{ support_email: string | null; support_phone: string | null; offices: ServiceCentre[] }> {
  const offices = centralFirst(await listOffices(db));
  return { support_email: supportEmailOf(config, offices), support_phone: supportPhoneOf(config, offices), offices };
}

/** How long the support address read from the offices is trusted before it is read again. */
export const SUPPORT_ADDRESS_TTL_MS = 5 * 60_000;

export interface SupportAddress {
  /** The mails' Reply-To now, without waiting: mails go out inside transactions, and PGlite has one connection. */
  current(): string | undefined;
  /** Reads the central office's e-mail again (at start; by itself when the value is older than the TTL). */
  refresh(): Promise<void>;
}

/**
 * The mails' Reply-To (the sender is a no-reply address): SUPPORT_EMAIL, else the central office's
 * e-mail, remembered. A mail never waits for the database: on the embedded PGlite a query from inside
 * a transaction's mail would wait for that very transaction (ADR 0002).
 */
export function createSupportAddress(
  config: Pick<Config, 'supportEmail'>,
  db: Db,
  ttlMs = SUPPORT_ADDRESS_TTL_MS,
  now = Date.now,
): SupportAddress {
  let value: string | undefined;
  let readAt = Number.NEGATIVE_INFINITY;
  let pending: Promise<void> | null = null;
  const refresh = (): Promise<void> =>
    (pending ??= listOffices(db)
      .then((offices) => {
        value = supportEmailOf(config, offices) ?? undefined;
        readAt = now();
      })
      .finally(() => {
        pending = null;
      }));
  return {
    refresh,
    current() {
      if (config.supportEmail) return config.supportEmail;
      if (now() - readAt > ttlMs) void refresh().catch(() => {}); // the next mail gets it
      return value;
    },
  };
}

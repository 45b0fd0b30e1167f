import type { ServiceCentre } from '#shared/api/places.ts';
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

/** Where users write to: SUPPORT_EMAIL, else the central office's e-mail; null when neither is known. */
export function supportEmailOf(config: Pick<Config, 'supportEmail'>, offices: readonly ServiceCentre[]): string | null {
  if (config.supportEmail) return config.supportEmail;
  return centralFirst(offices).find((office) => CENTRAL_OFFICE_IDS.includes(office.id) && office.email.trim() !== '')?.email.trim() ?? null;
}

/** The contacts page: the support address and every service centre, central first. */
export async function loadContacts(config: Pick<Config, 'supportEmail'>, db: Db): Promise<{ support_email: string | null; offices: ServiceCentre[] }> {
  const offices = centralFirst(await listOffices(db));
  return { support_email: supportEmailOf(config, offices), offices };
}

/** The mails' Reply-To (the sender is a no-reply address): the same support address, looked up per mail. */
export async function mailReplyTo(config: Pick<Config, 'supportEmail'>, db: Db): Promise<string | undefined> {
  if (config.supportEmail) return config.supportEmail;
  return supportEmailOf(config, await listOffices(db)) ?? undefined;
}

import { eq, inArray } from 'drizzle-orm';
import { downloadPaths, type TicketRequest } from '#shared/api/tickets.ts';
import type { Db, Tx } from '#server/db/client.ts';
import { files, repairRequests } from '#server/db/schema/repair-requests.ts';

// The request a ticket was made from (portal.md §2.1–2.2), as the ticket page and its PDF show it
// (cabinet.md §2 Ticket page): where and when to fetch the instruments, who to call, the photos.
// Stored as sent (services/repair-requests/repair-requests.ts), so older requests may lack the newer fields.

interface StoredAddress {
  company?: string;
  address?: string;
  country?: string;
  zip?: string;
  room?: string;
  message?: string;
  coordinates?: string | null;
  checked?: boolean;
}

interface StoredContact {
  name?: string;
  surname?: string;
  phone?: string;
  email?: string;
}

/** The ticket's request, or null when the back office opened the ticket. */
export async function loadTicketRequest(db: Db | Tx, ticketId: number): Promise<TicketRequest | null> {
  const [row] = await db.select().from(repairRequests).where(eq(repairRequests.ticketId, ticketId)).limit(1);
  if (!row) return null;
  const address = row.address as StoredAddress;
  const contact = row.contact as StoredContact;
  const photoRows =
    row.fileIds.length === 0
      ? []
      : await db.select({ id: files.id, name: files.originalName }).from(files).where(inArray(files.id, row.fileIds));
  const names = new Map(photoRows.map((photo) => [photo.id, photo.name]));
  // Requests sent before addresses were checked carry no mark: their point, if any, is the page's guess.
  const checked = address.checked === true;
  return {
    company: address.company ?? '',
    address: address.address ?? '',
    country: address.country ?? '',
    zip: address.zip ?? '',
    room: address.room ?? '',
    message: address.message ?? '',
    pickup_date: row.pickupDate,
    coordinates: checked ? (address.coordinates ?? null) : null,
    checked,
    contact: {
      name: contact.name ?? '',
      surname: contact.surname ?? '',
      phone: contact.phone ?? '',
      email: contact.email ?? '',
    },
    photos: row.fileIds.flatMap((id) => {
      const name = names.get(id);
      return name === undefined ? [] : [{ id, name, url: downloadPaths.file(id) }];
    }),
  };
}

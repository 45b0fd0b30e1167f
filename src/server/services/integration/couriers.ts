import { and, asc, eq } from 'drizzle-orm';
import {
  courierMessages,
  type CourierOut,
  type CreateCourierInput,
  type PatchCourierInput,
} from '#shared/api/integration-couriers.ts';
import type { AppDeps } from '#server/context.ts';
import type { Reader, Tx } from '#server/db/client.ts';
import { recordEvent } from '#server/db/journal.ts';
import { clients, sessions } from '#server/db/schema/accounts.ts';
import { fieldFailure, notFound } from '#server/lib/api-failure.ts';
import { courierCredentialsMail } from '#server/services/accounts/account-mails.ts';
import { openAccountFromBackOffice } from './clients.ts';

// The service centre's couriers (API.md §Added for the fourth wave): accounts of the kind 'courier' (ADR 0042),
// opened, changed and switched off by the back office.

/** POST /couriers: opened like a clinic's account (a taken e-mail, a clinic's too, is 409), of the kind 'courier'. */
export function createCourier(deps: AppDeps, input: CreateCourierInput): Promise<number> {
  return openAccountFromBackOffice(
    deps,
    input.password,
    { email: input.email, name: input.name, surname: input.surname, phone: input.phone, kind: 'courier' },
    (generated) => courierCredentialsMail(input.email, generated, deps.config.publicUrl, input.name),
  );
}

const courierColumns = {
  id: clients.id,
  email: clients.email,
  name: clients.name,
  surname: clients.surname,
  phone: clients.phone,
  deactivatedAt: clients.deactivatedAt,
  createdAt: clients.createdAt,
};

interface CourierRow {
  id: number;
  email: string;
  name: string;
  surname: string;
  phone: string | null;
  deactivatedAt: Date | null;
  createdAt: Date;
}

function courierOut(row: CourierRow): CourierOut {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    surname: row.surname,
    phone: row.phone,
    active: row.deactivatedAt === null,
    created_at: row.createdAt.toISOString(),
  };
}

/** A courier by id, locked for the change that follows; 404 for a clinic's id as for an unknown one. */
async function lockedCourier(tx: Tx, id: number): Promise<CourierRow> {
  const [row] = await tx
    .select(courierColumns)
    .from(clients)
    .where(and(eq(clients.id, id), eq(clients.kind, 'courier')))
    .for('no key update');
  if (!row) throw notFound();
  return row;
}

/**
 * PATCH /couriers/{id}. `active: false` deletes the courier's sessions in the same transaction, so
 * its next request is logged out; its stops stay for the back office to give to another courier.
 */
export async function patchCourier(
  deps: AppDeps,
  id: number,
  input: PatchCourierInput,
): Promise<{ id: number; changed: string[] }> {
  const now = deps.now();
  return deps.database.db.transaction(async (tx) => {
    const before = await lockedCourier(tx, id);
    const next = {
      name: input.name ?? before.name,
      surname: input.surname ?? before.surname,
      phone: input.phone ?? before.phone,
      deactivatedAt:
        input.active === undefined ? before.deactivatedAt : input.active ? null : (before.deactivatedAt ?? now),
    };
    const changed: Array<'name' | 'surname' | 'phone' | 'active'> = (['name', 'surname', 'phone'] as const).filter(
      (field) => next[field] !== before[field],
    );
    if ((next.deactivatedAt === null) !== (before.deactivatedAt === null)) changed.push('active');
    if (changed.length === 0) return { id, changed };
    await tx.update(clients).set(next).where(eq(clients.id, id));
    if (next.deactivatedAt !== null) await tx.delete(sessions).where(eq(sessions.clientId, id));
    const values = { ...next, active: next.deactivatedAt === null };
    await recordEvent(tx, {
      type: 'courier.updated',
      clientId: null,
      payload: { courier_id: id, changed: Object.fromEntries(changed.map((field) => [field, values[field]])) },
      createdAt: now,
    });
    return { id, changed };
  });
}

export async function listCouriers(db: Reader): Promise<{ couriers: CourierOut[] }> {
  const rows = await db
    .select(courierColumns)
    .from(clients)
    .where(eq(clients.kind, 'courier'))
    .orderBy(asc(clients.id));
  return { couriers: rows.map(courierOut) };
}

/** The courier a stop is given to: a courier's account, switched on; else 422 on `field`. */
export async function requireActiveCourier(tx: Tx, id: number, field = 'courier_id'): Promise<void> {
  const [row] = await tx
    .select({ deactivatedAt: clients.deactivatedAt })
    .from(clients)
    .where(and(eq(clients.id, id), eq(clients.kind, 'courier')))
    .limit(1);
  if (!row) throw fieldFailure(field, courierMessages.courierNotFound);
  if (row.deactivatedAt !== null) throw fieldFailure(field, courierMessages.courierSwitchedOff);
}

import { customType, serial, timestamp } from 'drizzle-orm/pg-core';

// Column kinds the schema files share.

/** Drizzle has no built-in bytea column; node-postgres-style drivers hand us Buffers/Uint8Arrays. */
export const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });

/** Every point in time is a timestamptz, read as a Date. */
export const timestampTz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const createdAt = () => timestampTz('created_at').notNull().defaultNow();

/** The surrogate key of a table whose rows the portal numbers itself. */
export const serialId = () => serial('id').primaryKey();

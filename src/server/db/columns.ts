import { customType, timestamp } from 'drizzle-orm/pg-core';

// Column kinds the schema files share.

/** Drizzle has no built-in bytea column; node-postgres-style drivers hand us Buffers/Uint8Arrays. */
export const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });

export const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();

import { boolean, doublePrecision, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, serialId, timestampTz } from '../columns.ts';
import { clientId } from './accounts.ts';

export const offices = pgTable('offices', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  countryName: text('country_name').notNull(),
  city: text('city').notNull(),
  address: text('address').notNull(),
  managerPhone: text('manager_phone').notNull(),
  email: text('email').notNull(),
  region: text('region').notNull(),
  latitude: doublePrecision('latitude').notNull(),
  longitude: doublePrecision('longitude').notNull(),
  isShowInCrimea: boolean('is_show_in_crimea').notNull().default(false),
});

/** A clinic's saved addresses (cabinet.md §2 My addresses): where couriers collect instruments. */
export const addresses = pgTable(
  'addresses',
  {
    id: serialId(),
    clientId: clientId(),
    name: text('name').notNull(),
    address: text('address').notNull(),
    apartment: text('apartment').notNull(),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    /** False: saved as typed while the geo provider was unreachable; checked again when next used. */
    checked: boolean('checked').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: timestampTz('updated_at').notNull().defaultNow(),
  },
  (t) => [index('addresses_client_idx').on(t.clientId, t.id)],
);

/** Answers of the geo provider, so the same question within a day costs no second call (API.md §Places). */
export const geoCache = pgTable('geo_cache', {
  /** sha256 of the provider, the kind of question and the normalised question. */
  key: text('key').primaryKey(),
  answer: jsonb('answer').notNull(),
  createdAt: createdAt(),
});

/** Days the back office closed for pickups ('YYYY-MM-DD', Moscow); holidays are not stored (services/places/pickup-calendar.ts). */
export const pickupClosedDays = pgTable('pickup_closed_days', {
  day: text('day').primaryKey(),
  note: text('note').notNull().default(''),
  createdAt: createdAt(),
});

// The demo world for `npm start` on an empty embedded database: one clinic account with enough
// tickets, quotes, bills and notifications to see every screen filled (API.md §Demo data).
import { sql } from 'drizzle-orm';
import type { Db, Tx } from './client.ts';
import type { FileStore } from '#server/storage/file-store.ts';
import { renderDemoDocuments, seedDocuments } from './seed-documents.ts';
import { addresses, offices } from './schema/places.ts';
import { clients } from './schema/accounts.ts';
import { seedCatalogue } from './seed-catalogue.ts';
import { DEMO_COURIER_EMAIL, DEMO_COURIER_PASSWORD, seedCourier } from './seed-courier.ts';
import { createTicket, DEMO_EMAIL, seedClinic } from './seed-clinic.ts';

export const DEMO_PASSWORD = 'demo-password-2026';
export { DEMO_COURIER_EMAIL, DEMO_COURIER_PASSWORD, DEMO_EMAIL };

/** Any fixed number: serialises concurrent seeders (two API processes booting at once on one PostgreSQL). */
const SEED_LOCK = 727_001;

type OfficeRow = typeof offices.$inferInsert;

/** One office per region of the spec's region table, plus the two central ones (ids 1 and 2, always offered). */
export const DEMO_OFFICES: OfficeRow[] = [
  {
    id: 1,
    name: 'Головной сервисный центр',
    countryName: 'Россия',
    city: 'Москва',
    address: 'ул. Новослободская, д. 23, офис 412',
    managerPhone: '+7 (495) 120-45-67',
    email: 'moscow@dental-service.test',
    region: 'Центральный',
    latitude: 55.7823,
    longitude: 37.5985,
  },
  {
    id: 2,
    name: 'Приёмный пункт на Павелецкой',
    countryName: 'Россия',
    city: 'Москва',
    address: 'ул. Кожевническая, д. 7, стр. 1',
    managerPhone: '+7 (495) 120-45-68',
    email: 'paveletskaya@dental-service.test',
    region: 'Центральный',
    latitude: 55.7302,
    longitude: 37.6441,
  },
  {
    id: 3,
    name: 'Сервисный центр «Северо-Запад»',
    countryName: 'Россия',
    city: 'Санкт-Петербург',
    address: 'Лиговский пр., д. 50, корп. 12',
    managerPhone: '+7 (812) 300-12-34',
    email: 'spb@dental-service.test',
    region: 'Северо-Западный',
    latitude: 59.9201,
    longitude: 30.3556,
  },
  {
    id: 4,
    name: 'Сервисный центр «Поволжье»',
    countryName: 'Россия',
    city: 'Казань',
    address: 'ул. Петербургская, д. 52',
    managerPhone: '+7 (843) 250-77-10',
    email: 'kazan@dental-service.test',
    region: 'Приволжский',
    latitude: 55.7737,
    longitude: 49.1406,
  },
  {
    id: 5,
    name: 'Приёмный пункт в Нижнем Новгороде',
    countryName: 'Россия',
    city: 'Нижний Новгород',
    address: 'ул. Белинского, д. 32',
    managerPhone: '+7 (831) 410-20-30',
    email: 'nn@dental-service.test',
    region: 'Приволжский',
    latitude: 56.316,
    longitude: 44.0089,
  },
  {
    id: 6,
    name: 'Сервисный центр «Сибирь»',
    countryName: 'Россия',
    city: 'Новосибирск',
    address: 'Красный пр., д. 86',
    managerPhone: '+7 (383) 209-45-45',
    email: 'nsk@dental-service.test',
    region: 'Сибирский',
    latitude: 55.0415,
    longitude: 82.9346,
  },
  {
    id: 7,
    name: 'Сервисный центр «Урал»',
    countryName: 'Россия',
    city: 'Екатеринбург',
    address: 'ул. Малышева, д. 51',
    managerPhone: '+7 (343) 288-16-16',
    email: 'ekb@dental-service.test',
    region: 'Уральский',
    latitude: 56.8349,
    longitude: 60.6124,
  },
  {
    id: 8,
    name: 'Сервисный центр «Алматы»',
    countryName: 'Казахстан',
    city: 'Алматы',
    address: 'пр. Абая, д. 68/74',
    managerPhone: '+7 (727) 355-40-40',
    email: 'almaty@dental-service.test',
    region: 'Казахстан',
    latitude: 43.2405,
    longitude: 76.9164,
  },
  {
    // Offered only for addresses in Crimea or Sevastopol (cabinet.md §9).
    id: 9,
    name: 'Приёмный пункт в Симферополе',
    countryName: 'Россия',
    city: 'Симферополь',
    address: 'ул. Киевская, д. 41',
    managerPhone: '+7 (365) 260-11-22',
    email: 'crimea@dental-service.test',
    region: 'Центральный',
    latitude: 44.9572,
    longitude: 34.1108,
    isShowInCrimea: true,
  },
];

/** True once any client exists: the seed never touches a database that has real data. */
export async function hasClients(db: Db | Tx): Promise<boolean> {
  const rows = await db.select({ id: clients.id }).from(clients).limit(1);
  return rows.length > 0;
}

/** Whether the demo account (or, with `email`, the demo courier) is there: index.ts prints its login only then. */
export async function demoAccountExists(db: Db, email: string = DEMO_EMAIL): Promise<boolean> {
  const rows = await db
    .select({ id: clients.id })
    .from(clients)
    .where(sql`lower(${clients.email}) = ${email}`)
    .limit(1);
  return rows.length > 0;
}

/**
 * Seeds the demo world in one transaction; a no-op (false) if the database has any client.
 * The password hasher is passed in (services/accounts/passwords.ts `hashPassword`) because db/ sits below
 * services/ and must not import it.
 */
export async function seedDemo(
  db: Db,
  store: FileStore,
  now: Date,
  hashPassword: (plain: string) => Promise<string>,
): Promise<boolean> {
  if (await hasClients(db)) return false;
  // Hashing takes a while (scrypt); do it before the transaction so no lock is held meanwhile.
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const courierHash = await hashPassword(DEMO_COURIER_PASSWORD);
  const documents = await renderDemoDocuments();
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`);
    if (await hasClients(tx)) return false;
    for (const office of DEMO_OFFICES) await tx.insert(offices).values(office).onConflictDoNothing();
    const clientId = await seedClinic(tx, passwordHash, now);
    await seedDocuments(tx, store, clientId, documents); // downloads and history
    await seedCatalogue(tx);
    await seedAddresses(tx, clientId);
    await seedCourier(tx, { now, clinicId: clientId, clinicHash: passwordHash, courierHash, makeTicket: createTicket });
    return true;
  });
}

/** The demo clinic's saved addresses (cabinet.md §2 My addresses): where couriers collect. */
async function seedAddresses(tx: Tx, clientId: number): Promise<void> {
  await tx.insert(addresses).values([
    {
      clientId,
      name: 'Клиника на Тверской',
      address: 'Россия, Москва, Тверская улица, 7',
      apartment: 'офис 12',
      latitude: 55.757718,
      longitude: 37.611347,
    },
    {
      clientId,
      name: 'Филиал на Невском',
      address: 'Россия, Санкт-Петербург, Невский проспект, 28',
      apartment: 'кабинет 3',
      latitude: 59.935848,
      longitude: 30.325879,
    },
  ]);
}

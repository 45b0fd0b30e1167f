// Empties every IndexedDB database of the test environment (fake-indexeddb), keeping the databases
// and their stores: the app's modules hold their connections open for the whole worker, which a
// deleteDatabase would wait on forever. A test then starts on an empty device, as in a browser
// profile of its own.
import { promisifyRequest } from 'idb-keyval';

async function clearDatabase(name: string): Promise<void> {
  const database = await promisifyRequest(indexedDB.open(name));
  try {
    const stores = [...database.objectStoreNames];
    if (stores.length === 0) return;
    const transaction = database.transaction(stores, 'readwrite');
    for (const store of stores) transaction.objectStore(store).clear();
    await promisifyRequest(transaction);
  } finally {
    database.close();
  }
}

export async function clearIndexedDb(): Promise<void> {
  const databases = await indexedDB.databases();
  await Promise.all(databases.flatMap(({ name }) => (name ? [clearDatabase(name)] : [])));
}

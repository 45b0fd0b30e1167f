// Empties every IndexedDB database of the test environment (fake-indexeddb), keeping the databases
// and their stores: the app's modules hold their connections open for the whole worker, which a
// deleteDatabase would wait on forever. A test then starts on an empty device, as in a browser
// profile of its own.

function request<T>(asked: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    asked.onsuccess = () => resolve(asked.result);
    asked.onerror = () => reject(asked.error);
  });
}

async function clearDatabase(name: string): Promise<void> {
  const database = await request(indexedDB.open(name));
  try {
    const stores = [...database.objectStoreNames];
    if (stores.length === 0) return;
    const transaction = database.transaction(stores, 'readwrite');
    const done = new Promise<void>((resolve, reject) => {
      transaction.oncomplete = () => resolve();
      transaction.onerror = () => reject(transaction.error);
    });
    for (const store of stores) transaction.objectStore(store).clear();
    await done;
  } finally {
    database.close();
  }
}

export async function clearIndexedDb(): Promise<void> {
  const databases = await indexedDB.databases();
  await Promise.all(databases.flatMap(({ name }) => (name ? [clearDatabase(name)] : [])));
}

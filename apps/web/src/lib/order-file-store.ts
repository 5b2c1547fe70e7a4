// The design file the member picked on the quote page, kept in IndexedDB across the login
// round trip (a File cannot live in localStorage), so /fillOrder uploads the same file. One file
// at a time: picking another replaces it, a placed order removes it.
const DB_NAME = 'pcb-order-files';
const STORE = 'files';
const KEY = 'current';

interface StoredFile {
  blob: Blob;
  name: string;
  type: string;
  lastModified: number;
}

function openDb(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    if (typeof indexedDB === 'undefined') {
      reject(new Error('IndexedDB is not available'));
      return;
    }
    const request = indexedDB.open(DB_NAME, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB open failed'));
  });
}

async function run<T>(
  mode: IDBTransactionMode,
  work: (store: IDBObjectStore) => IDBRequest<T>,
): Promise<T> {
  const db = await openDb();
  try {
    return await new Promise<T>((resolve, reject) => {
      const request = work(db.transaction(STORE, mode).objectStore(STORE));
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'));
    });
  } finally {
    db.close();
  }
}

/** Keeps the file; false when this browser cannot (private mode): the member picks it again. */
export async function keepOrderFile(file: File): Promise<boolean> {
  const value: StoredFile = {
    blob: file,
    name: file.name,
    type: file.type,
    lastModified: file.lastModified,
  };
  try {
    await run('readwrite', (store) => store.put(value, KEY));
    return true;
  } catch {
    return false;
  }
}

/** The kept file, or null. */
export async function readOrderFile(): Promise<File | null> {
  try {
    const value = (await run('readonly', (store) => store.get(KEY))) as StoredFile | undefined;
    if (!value || !(value.blob instanceof Blob)) return null;
    return new File([value.blob], value.name, {
      type: value.type,
      lastModified: value.lastModified,
    });
  } catch {
    return null;
  }
}

export async function removeOrderFile(): Promise<void> {
  try {
    await run('readwrite', (store) => store.delete(KEY));
  } catch {
    // Nothing kept, nothing to remove.
  }
}

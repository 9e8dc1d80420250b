/**
 * The device's localStorage where the browser keeps site data; where it refuses it (site data
 * turned off, some private windows) or a write fails (full), a copy in memory that lasts as long as
 * the page. What a page keeps there (an outbox, a form the server sent) then still works while the
 * page is open, rather than never.
 */
type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

function memoryStorage(): KeyValueStorage {
  const values = new Map<string, string>();
  return {
    getItem: (key) => values.get(key) ?? null,
    setItem: (key, value) => void values.set(key, value),
    removeItem: (key) => void values.delete(key),
  };
}

export interface StorageOrMemory {
  /** Reads from where the values are kept now. */
  read<T>(reader: (storage: KeyValueStorage) => T): T;
  /** Writes where the values are kept now; when that fails, to memory from then on. */
  write(writer: (storage: KeyValueStorage) => void): void;
}

/** `probeKey`: a key of its own, written and removed to learn whether the browser keeps data. */
export function storageOrMemory(probeKey: string): StorageOrMemory {
  let fallback: KeyValueStorage | undefined;
  const current = (): KeyValueStorage => {
    if (fallback) return fallback;
    try {
      localStorage.setItem(probeKey, '1');
      localStorage.removeItem(probeKey);
      return localStorage;
    } catch {
      fallback = memoryStorage();
      return fallback;
    }
  };
  return {
    read: (reader) => reader(current()),
    write(writer) {
      try {
        writer(current());
      } catch {
        fallback = memoryStorage();
        writer(fallback);
      }
    },
  };
}

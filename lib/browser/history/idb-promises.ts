/** IndexedDB's request and transaction events as promises. */

export function requestResult<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error("IndexedDB request failed"));
  });
}

export function transactionDone(transaction: IDBTransaction): Promise<void> {
  const done = new Promise<void>((resolve, reject) => {
    transaction.oncomplete = () => resolve();
    transaction.onerror = () => reject(transaction.error ?? new Error("IndexedDB transaction failed"));
    transaction.onabort = () => reject(transaction.error ?? new DOMException("The transaction was aborted", "AbortError"));
  });
  // Callers await this last; a failure seen first by an earlier step must not also surface as unhandled.
  done.catch(() => undefined);
  return done;
}

export function openDatabase(factory: IDBFactory, name: string, version: number, upgrade: (db: IDBDatabase) => void): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = factory.open(name, version);
    request.onupgradeneeded = () => upgrade(request.result);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error("IndexedDB could not be opened"));
    // Another tab holds an older version open; say so instead of waiting forever.
    request.onblocked = () =>
      reject(new DOMException("Another tab of the playground is holding the old history open", "InvalidStateError"));
  });
}

/**
 * Gathers single reads asked for in the same moment into one read of many: the rows a scroll
 * brings on screen each want their thumbnail, and one IndexedDB transaction for all of them costs
 * far less than one each.
 */
export function batchReads<V>(readMany: (keys: string[]) => Promise<Map<string, V>>): (key: string) => Promise<V | null> {
  let waiting = new Map<string, ((value: V | null) => void)[]>();
  let scheduled = false;

  const flush = () => {
    scheduled = false;
    const batch = waiting;
    waiting = new Map();
    readMany([...batch.keys()]).then(
      (found) => {
        for (const [key, resolvers] of batch) for (const resolve of resolvers) resolve(found.get(key) ?? null);
      },
      () => {
        for (const resolvers of batch.values()) for (const resolve of resolvers) resolve(null);
      },
    );
  };

  return (key) =>
    new Promise((resolve) => {
      const resolvers = waiting.get(key) ?? [];
      resolvers.push(resolve);
      waiting.set(key, resolvers);
      if (!scheduled) {
        scheduled = true;
        queueMicrotask(flush);
      }
    });
}

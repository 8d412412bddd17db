// @vitest-environment jsdom
import { afterEach, describe, expect, it } from "vitest";
import { LibrarySync, type Client, type SyncedHistory } from "./library-sync";

/** Another tab holds the sync's lock: this one waits for it for as long as the test runs. */
const heldElsewhere = {
  request: (_name: string, options: { ifAvailable?: boolean }, callback: (lock: Lock | null) => Promise<unknown>) =>
    options.ifAvailable ? callback(null) : new Promise(() => undefined),
} as unknown as LockManager;

const history = { whenOpened: async () => true, onLocalChange: () => () => undefined } as unknown as SyncedHistory;

/** What the syncing tab's write of its place looks like from here. */
function placeWritten(oldPlace: object, newPlace: object) {
  window.dispatchEvent(
    new StorageEvent("storage", {
      key: "image-playground-library:you:place",
      oldValue: JSON.stringify(oldPlace),
      newValue: JSON.stringify(newPlace),
    }),
  );
}

let sync: LibrarySync | null = null;
afterEach(() => sync?.stop());

describe("a tab kept in step by another", () => {
  it("counts the syncing tab's reads of the feed, so that its views of the library read it again too", async () => {
    sync = new LibrarySync({ history, author: "you", client: {} as Client, storage: window.localStorage, locks: heldElsewhere });
    sync.start();
    await expect.poll(() => sync?.getSnapshot().state).toBe("elsewhere");
    expect(sync.getSnapshot().seenChanges).toBe(0);

    placeWritten({ cursor: "10.1", fill: "done" }, { cursor: "10.3", fill: "done" });
    expect(sync.getSnapshot().seenChanges).toBe(1);
    // The place written again with the same cursor (the filling's progress): nothing new was read.
    placeWritten({ cursor: "10.3", fill: { before: null } }, { cursor: "10.3", fill: "done" });
    // Another key of the library (the outbox): not a read of the feed.
    window.dispatchEvent(new StorageEvent("storage", { key: "image-playground-library:you:outbox", oldValue: "{}", newValue: "{}" }));
    expect(sync.getSnapshot().seenChanges).toBe(1);
    // A first cursor counts too.
    placeWritten({ cursor: null }, { cursor: "11.0" });
    expect(sync.getSnapshot().seenChanges).toBe(2);
  });

  it("leaves out the runs the syncing tab read as deleted, as that tab does", async () => {
    sync = new LibrarySync({ history, author: "you", client: {} as Client, storage: window.localStorage, locks: heldElsewhere });
    sync.start();
    await expect.poll(() => sync?.getSnapshot().state).toBe("elsewhere");
    const removedWritten = (value: string) =>
      window.dispatchEvent(new StorageEvent("storage", { key: "image-playground-library:you:removed", oldValue: null, newValue: value }));
    removedWritten(JSON.stringify(["r1", "r2"]));
    expect(sync.getSnapshot().removedRuns).toEqual(["r1", "r2"]);
    // Not a list of ids: ignored.
    removedWritten("{not json");
    removedWritten(JSON.stringify([1, 2]));
    expect(sync.getSnapshot().removedRuns).toEqual(["r1", "r2"]);
  });
});

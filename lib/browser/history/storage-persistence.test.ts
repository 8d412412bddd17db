import { afterEach, describe, expect, it, vi } from "vitest";
import { askPersistence, readPersistence } from "./storage-persistence";

function fakeStorage(storage: Partial<StorageManager> | undefined) {
  vi.stubGlobal("navigator", { storage });
}

afterEach(() => vi.unstubAllGlobals());

describe("storage persistence", () => {
  it("reports persistent storage with the space used and allowed", async () => {
    fakeStorage({ persisted: async () => true, estimate: async () => ({ usage: 10, quota: 1000 }) });
    expect(await readPersistence()).toEqual({ state: "persistent", usageBytes: 10, quotaBytes: 1000 });
  });

  it("reports best-effort storage, and a browser without a StorageManager as unknown", async () => {
    fakeStorage({ persisted: async () => false, estimate: async () => ({}) });
    expect(await readPersistence()).toEqual({ state: "best-effort", usageBytes: null, quotaBytes: null });
    fakeStorage(undefined);
    expect(await readPersistence()).toEqual({ state: "unknown", usageBytes: null, quotaBytes: null });
    expect(await askPersistence()).toBe(false);
  });

  it("asks the browser, and takes a refusal or a failure as not granted", async () => {
    const persist = vi.fn(async () => true);
    fakeStorage({ persist });
    expect(await askPersistence()).toBe(true);
    expect(persist).toHaveBeenCalledOnce();
    fakeStorage({ persist: () => Promise.reject(new Error("denied")) });
    expect(await askPersistence()).toBe(false);
  });
});

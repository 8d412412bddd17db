import { afterEach, describe, expect, it } from "vitest";
import { openHistorySync, type HistoryChange, type HistorySync } from "./history-sync";

const opened: HistorySync[] = [];
const open = (onChange: (change: HistoryChange) => void) => {
  const sync = openHistorySync(onChange);
  opened.push(sync);
  return sync;
};

afterEach(() => {
  for (const sync of opened.splice(0)) sync.close();
});

describe("openHistorySync", () => {
  it("tells every other tab what changed, and not the tab that changed it", async () => {
    const heardHere: HistoryChange[] = [];
    const heardThere: HistoryChange[] = [];
    const here = open((change) => heardHere.push(change));
    open((change) => heardThere.push(change));
    here.tell({ kind: "saved", ids: ["a"] });
    here.tell({ kind: "cleared" });
    await expect.poll(() => heardThere).toEqual([{ kind: "saved", ids: ["a"] }, { kind: "cleared" }]);
    expect(heardHere).toEqual([]);
  });

  it("ignores messages that are not history changes", async () => {
    const heard: HistoryChange[] = [];
    open((change) => heard.push(change));
    const stranger = new BroadcastChannel("image-playground-history");
    stranger.postMessage({ kind: "saved" });
    stranger.postMessage("hello");
    stranger.postMessage({ kind: "deleted", ids: ["x"] });
    await expect.poll(() => heard).toEqual([{ kind: "deleted", ids: ["x"] }]);
    stranger.close();
  });
});

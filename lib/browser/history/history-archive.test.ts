import { describe, expect, it } from "vitest";
import { encodePng } from "@/lib/node/png-encoder";
import type { RunOutcome } from "@/lib/answer/run-outcome";
import { readZip } from "@/lib/browser/zip/zip-reader";
import { entryText, zipBytes } from "@/test-support/zip-bytes";
import { PNG_BASE64 } from "@/test-support/sample-images";
import { buildHistoryArchive } from "./history-export";
import { importHistoryArchive } from "./history-import";
import { analyseAnswer } from "@/lib/history/analyse-answer";
import { recordRun } from "@/lib/history/record-run";
import { restoreOutcome } from "@/lib/history/restore-run";
import { DEFAULT_HISTORY_CAPS } from "@/lib/history/history-types";

const ROOMY = { maxEntries: 1000, maxUnpackedBytes: 64 * 1024 * 1024 };

let seed = 3;
const noisyPng = encodePng(
  40,
  40,
  Uint8Array.from({ length: 40 * 40 * 3 }, () => (seed = (seed * 1103515245 + 12345) % 2147483648) >> 23),
);
const packedBody = `{"created":1,"data":[{"b64_json":"${noisyPng.toString("base64")}","revised_prompt":"a \\"quoted\\" fox"}]}`;
const urlBody = JSON.stringify({ output: ["https://cdn.example/cors-ok/1.png"] });

function service(body: string): RunOutcome {
  return {
    kind: "service",
    exchange: {
      requestId: "r",
      status: 200,
      statusText: "OK",
      contentType: "application/json; charset=utf-8",
      url: "http://127.0.0.1:9/v1/images/generations",
      urlsTried: [],
      keyHint: "",
      headersMs: 1,
      totalMs: 42,
      serviceRequestId: "",
      retryAfter: "",
      location: "",
      bytes: new TextEncoder().encode(body),
    },
  };
}

const tools = {
  analyse: (bytes: Uint8Array<ArrayBuffer>, contentType: string) => analyseAnswer(bytes, contentType),
  readRemoteImage: async () => new Blob([Buffer.from(PNG_BASE64, "base64")], { type: "image/png" }),
  makeThumbnail: async () => new Blob(["thumb"], { type: "image/webp" }),
};

async function sampleRuns() {
  return Promise.all([
    recordRun(
      { id: "a", createdAt: 1000, request: { model: "m1", prompt: 'a "red", fox', aspect_ratio: "16:9" }, outcome: service(packedBody) },
      tools,
    ),
    recordRun(
      { id: "b", createdAt: 2000, request: { model: "m2", prompt: "a fox at dusk", aspect_ratio: "1:1" }, outcome: service(urlBody) },
      tools,
    ),
    recordRun(
      {
        id: "c",
        createdAt: 3000,
        request: { model: "m2", prompt: "refused", aspect_ratio: "1:1" },
        outcome: { kind: "problem", problem: { type: "t", title: "Busy" }, status: 503, url: "", totalMs: 2 },
        group: {
          id: "grid-1",
          cellIndex: 2,
          cellCount: 4,
          rowAxis: "model",
          spec: { prompts: "refused", models: "m1, m2", ratios: "1:1, 4:3" },
        },
      },
      tools,
    ),
  ]);
}

describe("history export and import", () => {
  it("writes images as files, JSON with file references and an index with timings", async () => {
    const entries = await buildHistoryArchive(await sampleRuns(), new Date("2026-01-02T03:04:05Z"));
    const names = entries.map((entry) => entry.name);
    expect(names).toEqual(
      expect.arrayContaining([
        "index.json",
        "index.csv",
        "runs/001-a-red-fox/run.json",
        "runs/001-a-red-fox/request.json",
        "runs/001-a-red-fox/answer.json",
        "runs/001-a-red-fox/image-1.png",
        "runs/002-a-fox-at-dusk/image-1.png",
      ]),
    );
    const answer = await entryText(entries.find((entry) => entry.name === "runs/001-a-red-fox/answer.json"));
    expect(answer).toContain('"b64_json":"playground-file:image-1.png"');
    const csv = await entryText(entries.find((entry) => entry.name === "index.csv"));
    expect(csv.split("\r\n")[1]).toBe(
      '"1970-01-01T00:00:01.000Z","m1","16:9","succeeded","200 OK","42","1","false","","false","","http://127.0.0.1:9/v1/images/generations","a ""red"", fox","","","","","runs/001-a-red-fox"',
    );
  });

  it("imports its own export back with the same answers, images, metadata and verdicts", async () => {
    const sampled = await sampleRuns();
    const runs = [{ ...sampled[0]!, rating: 4 as const, picked: true, note: "the warm one", author: "Ada Lovelace" }, ...sampled.slice(1)];
    const imported = await importHistoryArchive(await zipBytes(await buildHistoryArchive(runs)), DEFAULT_HISTORY_CAPS);
    if (!imported.ok) throw new Error(imported.message);
    expect(imported.skipped).toEqual([]);
    expect(imported.runs.map((run) => [run.id, run.request, run.status, run.durationMs, run.sizeBytes])).toEqual(
      runs.map((run) => [run.id, run.request, run.status, run.durationMs, run.sizeBytes]),
    );
    const [before, after] = [await restoreOutcome(runs[0]!), await restoreOutcome(imported.runs[0]!)];
    expect(after.outcome.kind === "service" && new TextDecoder().decode(after.outcome.exchange.bytes)).toBe(packedBody);
    expect(after.outcome).toEqual(before.outcome);
    const remote = await restoreOutcome(imported.runs[1]!);
    expect([...remote.savedImages.keys()]).toEqual(["https://cdn.example/cors-ok/1.png"]);
    expect(imported.runs[2]?.outcome).toEqual(runs[2]?.outcome);
    expect(imported.runs[2]?.group).toEqual(runs[2]?.group);
    expect(imported.runs[0]?.group).toBeUndefined();
    expect([imported.runs[0]?.rating, imported.runs[0]?.picked, imported.runs[0]?.note]).toEqual([4, true, "the warm one"]);
    expect(imported.runs[1]?.rating).toBeUndefined();
    // Who made each run comes back with it; runs made where nobody signs in name no one.
    expect([imported.runs[0]?.author, imported.runs[1]?.author]).toEqual(["Ada Lovelace", undefined]);
  });

  it("refuses foreign zips and other files in plain words", async () => {
    expect(await importHistoryArchive(await zipBytes([{ name: "photo.png", data: new Uint8Array([1]) }]), DEFAULT_HISTORY_CAPS)).toEqual({
      ok: false,
      message: expect.stringMatching(/not exported by the playground/),
    });
    expect(await importHistoryArchive(new TextEncoder().encode("hello"), DEFAULT_HISTORY_CAPS)).toEqual({
      ok: false,
      message: "This file is not a zip archive.",
    });
  });

  it("imports the readable runs of a damaged export and names the others", async () => {
    const entries = (await buildHistoryArchive(await sampleRuns())).filter((entry) => entry.name !== "runs/001-a-red-fox/image-1.png");
    const imported = await importHistoryArchive(await zipBytes(entries), DEFAULT_HISTORY_CAPS);
    expect(imported.ok && imported.runs.map((run) => run.id)).toEqual(["b", "c"]);
    expect(imported.ok && imported.skipped).toEqual(["runs/001-a-red-fox: image-1.png is missing"]);
    expect(readZip(await zipBytes(entries), ROOMY).ok).toBe(true);
  });

  it("refuses an export whose file was changed after it was written, and says which", async () => {
    const zip = await zipBytes(await buildHistoryArchive(await sampleRuns()));
    const files = readZip(zip, ROOMY);
    if (!files.ok) throw new Error(files.message);
    const image = files.files.get("runs/001-a-red-fox/image-1.png");
    if (!image) throw new Error("no image in the export");
    // Flip one byte of the stored image inside the archive.
    const at = indexOfBytes(zip, image) + image.length - 20;
    zip[at] = (zip[at] ?? 0) ^ 0xff;
    expect(await importHistoryArchive(zip, DEFAULT_HISTORY_CAPS)).toEqual({
      ok: false,
      message: "This zip archive is damaged: runs/001-a-red-fox/image-1.png does not match its checksum.",
    });
  });
});

function indexOfBytes(haystack: Uint8Array, needle: Uint8Array): number {
  return Buffer.from(haystack).indexOf(Buffer.from(needle));
}

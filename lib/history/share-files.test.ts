import { describe, expect, it } from "vitest";
import { archivedRunFixture } from "@/test-support/archived-run";
import type { ArchivedRun } from "./archive-schema";
import { cellPictureFile, prefixRunFiles, shareFileUrl } from "./share-files";

const run = prefixRunFiles(archivedRunFixture({ id: "cell", request: { model: "m", prompt: "p", aspect_ratio: "1:1" } }), "c3-");
const withOutcome = (outcome: Partial<Extract<ArchivedRun["outcome"], { kind: "service" }>>): ArchivedRun =>
  run.outcome.kind === "service" ? { ...run, outcome: { ...run.outcome, ...outcome } } : run;

describe("cellPictureFile", () => {
  it("names a cell's first image when the cell has one kind of image", () => {
    expect(cellPictureFile(run)).toBe("c3-image-1.png");
    const saved = withOutcome({ packed: [], remote: [{ url: "https://images.example/a.png", file: "c3-remote-1.png" }] });
    expect(cellPictureFile(saved)).toBe("c3-remote-1.png");
  });

  it("names none when the answer alone says which image comes first, or there is none", () => {
    const both = withOutcome({ remote: [{ url: "https://images.example/a.png", file: "c3-remote-1.png" }] });
    expect(cellPictureFile(both)).toBeNull();
    expect(cellPictureFile(withOutcome({ packed: [] }))).toBeNull();
  });
});

describe("shareFileUrl", () => {
  it("escapes the share's id and the file's name", () => {
    expect(shareFileUrl("a b", "c0-image 1.png")).toBe("/api/shares/a%20b/files/c0-image%201.png");
  });
});

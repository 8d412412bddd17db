import { describe, expect, it } from "vitest";
import { zipSync } from "fflate";
import { PNG_BASE64 } from "@/test-support/sample-images";
import { ARCHIVE_MAX_ENTRIES, readArchive } from "./archive-answer";
import { interpretAnswer } from "./interpret-answer";

const png = new Uint8Array(Buffer.from(PNG_BASE64, "base64"));

describe("a zip archive as an answer", () => {
  it("lists every file and unpacks only the pictures", () => {
    const archive = zipSync({ "a.png": png, "notes.txt": new TextEncoder().encode("seed 7"), "dir/b.png": png });
    const read = readArchive(archive);
    expect(read.entries.map((entry) => [entry.name, entry.mime])).toEqual([
      ["a.png", "image/png"],
      ["notes.txt", null],
      ["dir/b.png", "image/png"],
    ]);
    expect(read.pictures.map((picture) => picture.name)).toEqual(["a.png", "dir/b.png"]);
    expect(read.problem).toBeNull();
  });

  it("stops at the cap on files, and says how many pictures it left packed", () => {
    const files = Object.fromEntries(Array.from({ length: ARCHIVE_MAX_ENTRIES + 3 }, (_, index) => [`${index}.png`, png]));
    const read = readArchive(zipSync(files, { level: 0 }));
    expect(read.pictures).toHaveLength(ARCHIVE_MAX_ENTRIES);
    expect(read.problem).toBe(`3 pictures were not unpacked: an answer shows at most ${ARCHIVE_MAX_ENTRIES} files and 512 MB of pictures.`);
  });

  it("says plainly when an archive is cut short, and shows nothing from it", () => {
    const archive = zipSync({ "a.png": png, "b.png": png }, { level: 0 });
    const answer = interpretAnswer(archive.slice(0, archive.length - 30), "application/zip");
    expect(answer.body.kind).toBe("archive");
    expect(answer.body.kind === "archive" && answer.body.problem).toContain("damaged or cut short");
    expect(answer.images).toEqual([]);
  });
});

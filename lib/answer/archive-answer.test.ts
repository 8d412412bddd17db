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

  it("unpacks stored and deflated pictures to their exact bytes, without copying the stored ones", () => {
    const other = new Uint8Array(png);
    other[other.length - 1]! ^= 1; // a different picture of the same size: a mix-up would show
    const archive = zipSync({
      "stored.png": [png, { level: 0 }],
      "notes.txt": new TextEncoder().encode("seed 7"),
      "packed.png": [other, { level: 9 }],
    });
    const read = readArchive(archive);
    expect(read.problem).toBeNull();
    const [stored, packed] = read.pictures;
    expect(stored?.bytes).toEqual(png);
    expect(packed?.bytes).toEqual(other);
    expect(stored?.bytes.buffer).toBe(archive.buffer);
  });

  it("reads names marked UTF-8 and the rest as Latin-1", () => {
    const archive = zipSync({ "café/é.png": png }, { level: 0 });
    expect(readArchive(archive).pictures.map((picture) => picture.name)).toEqual(["café/é.png"]);
    // The same archive with the UTF-8 flag cleared from both headers: the name's bytes read one by one.
    const unflagged = archive.slice();
    const view = new DataView(unflagged.buffer);
    for (let at = 0; at + 4 <= unflagged.length; at++) {
      const signature = view.getUint32(at, true);
      if (signature === 0x04034b50) view.setUint16(at + 6, view.getUint16(at + 6, true) & ~0x800, true);
      if (signature === 0x02014b50) view.setUint16(at + 8, view.getUint16(at + 8, true) & ~0x800, true);
    }
    expect(readArchive(unflagged).entries[0]?.name).toBe("cafÃ©/Ã©.png");
  });

  it("says an archive is damaged when a file's data runs into the directory", () => {
    const archive = zipSync({ "a.png": png }, { level: 0 });
    const view = new DataView(archive.buffer);
    const directory = view.getUint32(archive.length - 22 + 16, true);
    view.setUint32(directory + 20, png.length + 100, true); // packed size past the data
    const read = readArchive(archive);
    expect(read.problem).toContain("damaged or cut short");
    expect(read.pictures).toEqual([]);
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

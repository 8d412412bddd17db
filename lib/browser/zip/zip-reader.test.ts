import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { zipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { zipBytes } from "@/test-support/zip-bytes";
import { readZip } from "./zip-reader";

const ROOMY = { maxEntries: 1000, maxUnpackedBytes: 64 * 1024 * 1024 };

const text = (bytes: Uint8Array | undefined) => new TextDecoder().decode(bytes);

describe("readZip", () => {
  it("reads back what zipToBlob wrote", async () => {
    const zip = await zipBytes([
      { name: "a/index.json", data: new TextEncoder().encode('{"ok":true}') },
      { name: "é.bin", data: new Uint8Array([0, 1, 2, 255]) },
    ]);
    const result = readZip(zip, ROOMY);
    expect(result.ok && [...result.files.keys()]).toEqual(["a/index.json", "é.bin"]);
    expect(result.ok && text(result.files.get("a/index.json"))).toBe('{"ok":true}');
  });

  it("reads deflated entries written by another zip tool", () => {
    const dir = mkdtempSync(join(tmpdir(), "unzip-test-"));
    writeFileSync(join(dir, "words.txt"), "fox ".repeat(1000));
    execFileSync("python3", [
      "-c",
      "import zipfile,sys; z=zipfile.ZipFile(sys.argv[1],'w',zipfile.ZIP_DEFLATED); z.write(sys.argv[2],'words.txt'); z.close()",
      join(dir, "x.zip"),
      join(dir, "words.txt"),
    ]);
    const result = readZip(new Uint8Array(readFileSync(join(dir, "x.zip"))), ROOMY);
    expect(result.ok && text(result.files.get("words.txt"))).toBe("fox ".repeat(1000));
  });

  it("refuses files that are not zips, cut short or damaged, in plain words", async () => {
    expect(readZip(new TextEncoder().encode("just some text, not an archive at all"), ROOMY)).toEqual({
      ok: false,
      message: "This file is not a zip archive.",
    });
    const zip = await zipBytes([{ name: "a.txt", data: new TextEncoder().encode("hello world") }]);
    expect(readZip(zip.slice(10), ROOMY).ok).toBe(false);
    expect(readZip(zip.slice(0, zip.length - 30), ROOMY)).toEqual({ ok: false, message: expect.stringMatching(/damaged or cut short/) });
  });

  it("refuses a bomb from its directory, before inflating anything", async () => {
    // 4 MiB of zeros deflate to a few kB; a limit of 1 MiB refuses the archive on its declared size.
    const bomb = zipSync({ "zeros.bin": new Uint8Array(4 * 1024 * 1024) }, { level: 9 });
    expect(bomb.length).toBeLessThan(64 * 1024);
    const refused = readZip(bomb, { maxEntries: 10, maxUnpackedBytes: 1024 * 1024 });
    expect(refused).toEqual({
      ok: false,
      message: expect.stringMatching(/unpacks to 4\.0 MB, more than this playground's history may hold \(1\.0 MB\)/),
    });
    const many = await zipBytes(Array.from({ length: 20 }, (_, index) => ({ name: `f${index}`, data: new Uint8Array([index]) })));
    expect(readZip(many, { maxEntries: 10, maxUnpackedBytes: 1024 })).toEqual({
      ok: false,
      message: expect.stringMatching(/has 20 files, more than/),
    });
  });

  it("never inflates an entry past the size its directory declared", async () => {
    const zip = zipSync({ "zeros.bin": new Uint8Array(100_000) }, { level: 9 });
    // Rewrite the declared size in the central directory (and the local header) to 10 bytes.
    const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
    for (let at = 0; at + 4 <= zip.length; at++) {
      if (view.getUint32(at, true) === 0x02014b50) view.setUint32(at + 24, 10, true);
      if (view.getUint32(at, true) === 0x04034b50) view.setUint32(at + 22, 10, true);
    }
    const read = readZip(zip, { maxEntries: 10, maxUnpackedBytes: 1000 });
    // Inflating stops at the declared size: what comes out is cut short (the export's checksums say so), never larger.
    expect(read.ok && read.files.get("zeros.bin")?.length).toBe(10);
  });
});

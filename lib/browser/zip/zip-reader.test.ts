import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { zipBytes } from "@/test-support/zip-bytes";
import { readZip } from "./zip-reader";

const text = (bytes: Uint8Array | undefined) => new TextDecoder().decode(bytes);

describe("readZip", () => {
  it("reads back what zipToBlob wrote", async () => {
    const zip = await zipBytes([
      { name: "a/index.json", data: new TextEncoder().encode('{"ok":true}') },
      { name: "é.bin", data: new Uint8Array([0, 1, 2, 255]) },
    ]);
    const result = readZip(zip);
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
    const result = readZip(new Uint8Array(readFileSync(join(dir, "x.zip"))));
    expect(result.ok && text(result.files.get("words.txt"))).toBe("fox ".repeat(1000));
  });

  it("refuses files that are not zips, cut short or damaged, in plain words", async () => {
    expect(readZip(new TextEncoder().encode("just some text, not an archive at all"))).toEqual({
      ok: false,
      message: "This file is not a zip archive.",
    });
    const zip = await zipBytes([{ name: "a.txt", data: new TextEncoder().encode("hello world") }]);
    expect(readZip(zip.slice(10)).ok).toBe(false);
    expect(readZip(zip.slice(0, zip.length - 30))).toEqual({ ok: false, message: expect.stringMatching(/damaged or cut short/) });
  });
});

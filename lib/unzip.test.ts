import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { unzip } from "./unzip";
import { makeZip } from "./zip";

const text = (bytes: Uint8Array | undefined) => new TextDecoder().decode(bytes);

describe("unzip", () => {
  it("reads back what makeZip wrote", async () => {
    const zip = makeZip([
      { name: "a/index.json", bytes: new TextEncoder().encode('{"ok":true}') },
      { name: "é.bin", bytes: new Uint8Array([0, 1, 2, 255]) },
    ]);
    const result = await unzip(zip);
    expect(result.ok && [...result.files.keys()]).toEqual(["a/index.json", "é.bin"]);
    expect(result.ok && text(result.files.get("a/index.json"))).toBe('{"ok":true}');
  });

  it("reads deflated entries written by another zip tool", async () => {
    const dir = mkdtempSync(join(tmpdir(), "unzip-test-"));
    writeFileSync(join(dir, "words.txt"), "fox ".repeat(1000));
    execFileSync("python3", [
      "-c",
      "import zipfile,sys; z=zipfile.ZipFile(sys.argv[1],'w',zipfile.ZIP_DEFLATED); z.write(sys.argv[2],'words.txt'); z.close()",
      join(dir, "x.zip"),
      join(dir, "words.txt"),
    ]);
    const result = await unzip(new Uint8Array(readFileSync(join(dir, "x.zip"))));
    expect(result.ok && text(result.files.get("words.txt"))).toBe("fox ".repeat(1000));
  });

  it("refuses files that are not zips, cut short or corrupted, in plain words", async () => {
    expect(await unzip(new TextEncoder().encode("just some text, not an archive at all"))).toEqual({
      ok: false,
      message: "This file is not a zip archive.",
    });
    const zip = makeZip([{ name: "a.txt", bytes: new TextEncoder().encode("hello world") }]);
    const corrupted = zip.slice();
    corrupted[30 + 5 + 2] = (corrupted[30 + 5 + 2] ?? 0) ^ 0xff; // a byte of the content
    expect(await unzip(corrupted)).toEqual({ ok: false, message: expect.stringMatching(/does not match its checksum/) });
    expect((await unzip(zip.slice(10))).ok).toBe(false);
  });
});

import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { crc32 } from "./crc32";
import { makeZip } from "./zip";

describe("makeZip", () => {
  it("writes an archive that unzip reads back byte for byte", () => {
    const dir = mkdtempSync(join(tmpdir(), "zip-test-"));
    const files = [
      { name: "image-1.png", bytes: new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]) },
      { name: "réponse.json", bytes: new TextEncoder().encode('{"ok":true}') },
    ];
    writeFileSync(join(dir, "all.zip"), makeZip(files));
    execFileSync("python3", ["-m", "zipfile", "-e", join(dir, "all.zip"), join(dir, "out")]);
    for (const file of files) expect(new Uint8Array(readFileSync(join(dir, "out", file.name)))).toEqual(file.bytes);
  });

  it("computes the standard CRC-32", () => {
    expect(crc32(new TextEncoder().encode("123456789"))).toBe(0xcbf43926);
  });
});

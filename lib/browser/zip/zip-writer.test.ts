import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { zipBytes } from "@/test-support/zip-bytes";

describe("zipToBlob", () => {
  it("writes an archive that another unzip tool reads back byte for byte", async () => {
    const dir = mkdtempSync(join(tmpdir(), "zip-test-"));
    const files = [
      { name: "image-1.png", data: new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]) },
      { name: "réponse.json", data: new TextEncoder().encode('{"ok":true}') },
    ];
    writeFileSync(join(dir, "all.zip"), await zipBytes(files));
    execFileSync("python3", ["-m", "zipfile", "-e", join(dir, "all.zip"), join(dir, "out")]);
    for (const file of files) expect(new Uint8Array(readFileSync(join(dir, "out", file.name)))).toEqual(file.data);
  });

  it("streams Blob entries larger than one output part without changing a byte", async () => {
    const dir = mkdtempSync(join(tmpdir(), "zip-test-"));
    const big = Uint8Array.from({ length: 9 * 1024 * 1024 }, (_, index) => (index * 31) & 0xff);
    writeFileSync(join(dir, "big.zip"), await zipBytes([{ name: "big.bin", data: new Blob([big]) }]));
    execFileSync("python3", ["-m", "zipfile", "-t", join(dir, "big.zip")]);
    execFileSync("python3", ["-m", "zipfile", "-e", join(dir, "big.zip"), join(dir, "out")]);
    expect(Buffer.compare(readFileSync(join(dir, "out", "big.bin")), Buffer.from(big))).toBe(0);
  });
});

import { describe, expect, it } from "vitest";
import { formatBytes } from "./format-bytes";

describe("formatBytes", () => {
  it("picks the unit people read", () => {
    expect(formatBytes(512)).toBe("512 B");
    expect(formatBytes(22_426)).toBe("21.9 KB");
    expect(formatBytes(64 * 1024 * 1024)).toBe("64.0 MB");
    expect(formatBytes(2000 * 1024 * 1024)).toBe("2.0 GB");
  });
});

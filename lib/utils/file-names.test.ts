import { describe, expect, it } from "vitest";
import { extensionForType, imageTypeForFileName, slugify } from "./file-names";

describe("file names", () => {
  it("names files by their content type, and back", () => {
    expect(extensionForType("image/jpeg", "bin")).toBe("jpg");
    expect(extensionForType("application/problem+json; charset=utf-8", "bin")).toBe("json");
    expect(extensionForType("text/html", "bin")).toBe("txt");
    expect(extensionForType("application/octet-stream", "bin")).toBe("bin");
    expect(imageTypeForFileName("image-2.JPG")).toBe("image/jpeg");
    expect(imageTypeForFileName("notes.doc")).toBe("application/octet-stream");
  });

  it("makes slugs safe for file names", () => {
    expect(slugify('A "red", fox!  16:9', 40)).toBe("a-red-fox-16-9");
    expect(slugify("***", 10)).toBe("");
  });
});

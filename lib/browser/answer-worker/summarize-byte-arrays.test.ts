import { describe, expect, it } from "vitest";
import { PNG_BASE64 } from "@/test-support/sample-images";
import { summarizeByteArrays } from "./summarize-byte-arrays";

const pngBytes = (length: number) => {
  const bytes = [...Buffer.from(PNG_BASE64, "base64")];
  return [...bytes, ...Array.from({ length: length - bytes.length }, (_, index) => index % 256)];
};

describe("summarizeByteArrays", () => {
  it("replaces a long array of a picture's bytes, at any depth, and in a typed array's JSON form", () => {
    const value = { result: { type: "Buffer", data: pngBytes(5000) }, list: [{ image: { ...pngBytes(6000) } }], id: 7 };
    expect(summarizeByteArrays(value)).toEqual({
      result: { type: "Buffer", data: "(5,000 byte values: the image/png picture shown above)" },
      list: [{ image: "(6,000 byte values: the image/png picture shown above)" }],
      id: 7,
    });
  });

  it("leaves short arrays, arrays that are not pictures, and everything else as they are", () => {
    const value = { small: pngBytes(100), numbers: Array.from({ length: 5000 }, (_, index) => index), text: "x" };
    expect(summarizeByteArrays(structuredClone(value))).toEqual(value);
  });

  it("summarizes a whole answer that is one byte array", () => {
    expect(summarizeByteArrays(pngBytes(4096))).toBe("(4,096 byte values: the image/png picture shown above)");
  });
});

import { describe, expect, it } from "vitest";
import {
  describeRatio,
  dimensionsForLongSide,
  parseAspectRatio,
  ratioDriftPercent,
  reduceAspectRatio,
  swapAspectRatio,
} from "./aspect-ratio";

describe("aspect ratio math", () => {
  it("parses only strict W:H", () => {
    expect(parseAspectRatio("16:9")).toEqual({ width: 16, height: 9 });
    for (const text of ["16 : 9", "0:1", "16:09x", "100000:1", "-1:1"]) expect(parseAspectRatio(text)).toBeNull();
  });

  it("reduces, swaps and names sizes", () => {
    expect(reduceAspectRatio({ width: 1920, height: 1080 })).toEqual({ width: 16, height: 9 });
    expect(swapAspectRatio("21:9")).toBe("9:21");
    expect(swapAspectRatio("nope")).toBeNull();
    expect(describeRatio({ width: 1024, height: 576 })).toBe("16:9");
    expect(describeRatio({ width: 1021, height: 577 })).toBe("1.77:1");
  });

  it("fits the long side and never rounds the short side to zero", () => {
    expect(dimensionsForLongSide({ width: 16, height: 9 }, 1024)).toEqual({ width: 1024, height: 576 });
    expect(dimensionsForLongSide({ width: 2, height: 3 }, 1024)).toEqual({ width: 683, height: 1024 });
    expect(dimensionsForLongSide({ width: 99999, height: 1 }, 1024)).toEqual({ width: 1024, height: 1 });
  });

  it("measures drift from the requested shape in percent", () => {
    expect(ratioDriftPercent({ width: 16, height: 9 }, { width: 1024, height: 576 })).toBeCloseTo(0);
    expect(ratioDriftPercent({ width: 1, height: 1 }, { width: 1100, height: 1000 })).toBeCloseTo(10);
  });
});

import { describe, expect, it } from "vitest";
import { fakeServiceForSuite } from "@/test-support/fake-service/fake-service-for-suite";
import { GRID_CELL_HEADER, gridCellHeader } from "@/lib/grid/grid-header";
import { configFor, fields, generate, generateRequest, problemOf } from "@/test-support/route-helpers";

/** The grid's maximum holds in the route too, not only in the page. */

const fake = fakeServiceForSuite();

const config = () => configFor(fake.current.url, { PLAYGROUND_GRID_MAX_CELLS: "8" });
const cell = (value: string) => generateRequest(fields("fake-b64"), { headers: { [GRID_CELL_HEADER]: value } });

describe("grid cells", () => {
  it("runs the cells of a grid within the maximum", async () => {
    expect((await generate(cell(gridCellHeader(7, 8)), config())).status).toBe(200);
  });

  it("refuses a cell of a larger grid with 422, before the service is called", async () => {
    const before = fake.current.requests.length;
    const response = await generate(cell(gridCellHeader(0, 9)), config());
    expect(response.status).toBe(422);
    const problem = await problemOf(response);
    expect(problem.type).toBe("urn:image-playground:problem:grid-too-large");
    expect(problem.detail).toBe("A grid can have at most 8 cells; this one has 9.");
    expect(fake.current.requests.length).toBe(before);
  });

  it("refuses a malformed cell position", async () => {
    for (const value of ["3", "8/8", "-1/4", "a/b", "1/4/5"]) {
      const response = await generate(cell(value), config());
      expect(response.status, value).toBe(422);
      expect((await problemOf(response)).type).toBe("urn:image-playground:problem:invalid-request");
    }
  });
});

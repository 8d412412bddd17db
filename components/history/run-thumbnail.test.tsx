// @vitest-environment jsdom
import { act, cleanup, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { RunThumbnail } from "./run-thumbnail";

const run = { id: "run-1", status: "succeeded" as const, hasThumbnail: true, thumbnailUrl: null };
const picture = new Blob([new Uint8Array([137, 80, 78, 71])], { type: "image/png" });

beforeEach(() => {
  // jsdom has no object URLs: counted here instead.
  let next = 0;
  URL.createObjectURL = vi.fn(() => `blob:thumbnail-${++next}`);
  URL.revokeObjectURL = vi.fn();
});
afterEach(cleanup);

const image = () => screen.getByTestId("history-thumbnail");

describe("RunThumbnail", () => {
  it("reads nothing while its list is scrolling, then its saved picture once the list settles", async () => {
    const load = vi.fn(async () => picture);
    const { rerender } = render(<RunThumbnail run={run} load={load} settled={false} />);
    await act(async () => undefined);
    expect(load).not.toHaveBeenCalled();
    expect(image().getAttribute("src")).toBeNull();

    rerender(<RunThumbnail run={run} load={load} settled />);
    await act(async () => undefined);
    expect(load).toHaveBeenCalledTimes(1);
    expect(load).toHaveBeenCalledWith("run-1");
    expect(image().getAttribute("src")).toBe("blob:thumbnail-1");

    // Scrolling again keeps the picture of a row still on screen.
    rerender(<RunThumbnail run={run} load={load} settled={false} />);
    await act(async () => undefined);
    expect(load).toHaveBeenCalledTimes(1);
    expect(image().getAttribute("src")).toBe("blob:thumbnail-1");
  });

  it("gives its object URL back when the row leaves, and drops a picture that arrives after", async () => {
    const first = render(<RunThumbnail run={run} load={async () => picture} />);
    await act(async () => undefined);
    first.unmount();
    expect(URL.revokeObjectURL).toHaveBeenCalledWith("blob:thumbnail-1");

    let arrive: (blob: Blob) => void = () => undefined;
    const late = render(<RunThumbnail run={{ ...run, id: "run-2" }} load={() => new Promise<Blob>((resolve) => (arrive = resolve))} />);
    late.unmount();
    await act(async () => arrive(picture));
    expect(URL.createObjectURL).toHaveBeenCalledTimes(1);
  });

  it("shows a service's URL as it is when no picture was saved, and reads nothing", async () => {
    const load = vi.fn(async () => picture);
    render(<RunThumbnail run={{ ...run, hasThumbnail: false, thumbnailUrl: "https://images.example/a.png" }} load={load} />);
    await act(async () => undefined);
    expect(load).not.toHaveBeenCalled();
    expect(image().getAttribute("src")).toBe("https://images.example/a.png");
  });
});

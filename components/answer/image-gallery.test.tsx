// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { DisplayImage } from "@/lib/answer/interpret-answer";
import { ImageGallery } from "./image-gallery";

const pictures = (count: number, tag: string): DisplayImage[] =>
  Array.from({ length: count }, (_, index) => ({
    key: `${tag}${index}`,
    paths: [`(archive) ${tag}${index}.png`],
    source: { kind: "blob", mime: "image/png", blob: new Blob([`${tag}${index}`], { type: "image/png" }) },
  }));

const sources = () => screen.getAllByRole("img").map((image) => image.getAttribute("src"));

beforeEach(() => {
  vi.useFakeTimers();
  // jsdom has no object URLs: each picture's Blob gets one named by its order.
  let made = 0;
  Object.assign(URL, { createObjectURL: vi.fn(() => `blob:picture-${made++}`), revokeObjectURL: vi.fn() });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe("ImageGallery", () => {
  it("loads the first four pictures of many at once and the rest once the first is on screen", () => {
    render(<ImageGallery images={pictures(6, "a")} requested={null} />);
    expect(sources()).toEqual(["blob:picture-0", "blob:picture-1", "blob:picture-2", "blob:picture-3", null, null]);
    fireEvent.load(screen.getAllByRole("img")[0]!);
    expect(sources().slice(4)).toEqual(["blob:picture-4", "blob:picture-5"]);
  });

  it("lets the rest load after a moment when the first picture never settles, and holds a new answer's again", () => {
    const { rerender } = render(<ImageGallery images={pictures(5, "a")} requested={null} />);
    expect(sources()[4]).toBeNull();
    act(() => void vi.advanceTimersByTime(400));
    expect(sources()[4]).toBe("blob:picture-4");

    rerender(<ImageGallery images={pictures(5, "b")} requested={null} />);
    expect(sources()[4]).toBeNull();
    fireEvent.error(screen.getAllByRole("img")[0]!);
    expect(sources()[4]).not.toBeNull();
  });

  it("holds nothing back when there are only a few pictures", () => {
    render(<ImageGallery images={pictures(4, "a")} requested={null} />);
    expect(sources().every((source) => source?.startsWith("blob:"))).toBe(true);
  });
});

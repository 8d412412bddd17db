// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { RatingStars } from "./rating-stars";

afterEach(cleanup);

describe("RatingStars", () => {
  it("is a radio group named Rating whose stars are named and lit up to the rating", () => {
    render(<RatingStars rating={3} onRate={() => undefined} />);
    const group = screen.getByRole("radiogroup", { name: "Rating" });
    expect(group.getAttribute("data-rating")).toBe("3");
    const stars = screen.getAllByRole("radio");
    expect(stars.map((star) => star.getAttribute("aria-label"))).toEqual(["1 star", "2 stars", "3 stars", "4 stars", "5 stars"]);
    expect(stars.map((star) => (star as HTMLInputElement).checked)).toEqual([false, false, true, false, false]);
  });

  it("rates on a click, and clears when the chosen star is clicked again", () => {
    const onRate = vi.fn();
    const { rerender } = render(<RatingStars rating={undefined} onRate={onRate} />);
    fireEvent.click(screen.getByRole("radio", { name: "4 stars" }));
    expect(onRate).toHaveBeenLastCalledWith(4);
    rerender(<RatingStars rating={4} onRate={onRate} />);
    fireEvent.click(screen.getByRole("radio", { name: "4 stars" }));
    expect(onRate).toHaveBeenLastCalledWith(null);
  });

  it("takes the name of what it rates", () => {
    render(<RatingStars rating={undefined} onRate={() => undefined} label="Rating of cell 2" />);
    expect(screen.getByRole("radiogroup", { name: "Rating of cell 2" })).toBeTruthy();
  });
});

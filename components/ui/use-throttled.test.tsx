// @vitest-environment jsdom
import { act, cleanup, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useThrottled } from "./use-throttled";

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function Shown({ value }: { value: number }) {
  return <p data-testid="value">{useThrottled(value, 1000)}</p>;
}

const shown = () => screen.getByTestId("value").textContent;

describe("useThrottled", () => {
  it("passes a change after a quiet spell at once, and faster ones as their latest once a second", () => {
    const { rerender } = render(<Shown value={0} />);
    rerender(<Shown value={1} />);
    act(() => vi.advanceTimersByTime(0));
    expect(shown()).toBe("1");
    rerender(<Shown value={2} />);
    act(() => vi.advanceTimersByTime(300));
    rerender(<Shown value={3} />);
    act(() => vi.advanceTimersByTime(300));
    expect(shown()).toBe("1");
    act(() => vi.advanceTimersByTime(400));
    expect(shown()).toBe("3");
    // Quiet again for longer than the interval: the next change goes at once.
    act(() => vi.advanceTimersByTime(2000));
    rerender(<Shown value={4} />);
    act(() => vi.advanceTimersByTime(0));
    expect(shown()).toBe("4");
  });
});

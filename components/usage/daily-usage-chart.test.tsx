// @vitest-environment jsdom
import { cleanup, render } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { DailyUsageChart } from "./daily-usage-chart";

afterEach(cleanup);

const bars = (container: HTMLElement) =>
  [...container.querySelectorAll("rect")].map((rect) => ({ x: Number(rect.getAttribute("x")), width: Number(rect.getAttribute("width")) }));

describe("DailyUsageChart", () => {
  it("draws one day's bar at a bar's width, in the middle of the chart, not across it", () => {
    const { container } = render(
      <DailyUsageChart days={["2026-12-01"]} points={[{ day: "2026-12-01", model: "m", value: 3 }]} unit="images" currency={null} />,
    );
    const [bar] = bars(container);
    expect(bar?.width).toBe(40);
    // The plot runs from 48 to 712 in the chart's units: its middle is 380.
    expect((bar?.x ?? 0) + (bar?.width ?? 0) / 2).toBeCloseTo(380, 0);
  });

  it("keeps bars narrower than their day's band when many days are shown, one bar a model and day", () => {
    const days = Array.from({ length: 31 }, (_, index) => `2026-12-${String(index + 1).padStart(2, "0")}`);
    const points = days.flatMap((day) => [
      { day, model: "a", value: 1 },
      { day, model: "b", value: 2 },
    ]);
    const { container } = render(<DailyUsageChart days={days} points={points} unit="images" currency={null} />);
    const drawn = bars(container);
    expect(drawn).toHaveLength(62);
    expect(Math.max(...drawn.map((bar) => bar.width))).toBeLessThan(40);
    expect(new Set(drawn.map((bar) => bar.x)).size).toBe(31);
  });
});

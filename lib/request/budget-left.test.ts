import { describe, expect, it } from "vitest";
import { budgetLines, gridBudgetNote, imagesLeft } from "./budget-left";

describe("what is left of a budget", () => {
  it("says the images left and warns from 80 % used", () => {
    expect(budgetLines({ images: { used: 13, cap: 50, period: "today" }, cost: null })).toEqual([
      { text: "37 of 50 images left today", warning: false },
    ]);
    expect(budgetLines({ images: { used: 40, cap: 50, period: "this month" }, cost: null })).toEqual([
      { text: "10 of 50 images left this month", warning: true },
    ]);
    expect(budgetLines({ images: { used: 60, cap: 50, period: "today" }, cost: null })[0]).toEqual({
      text: "0 of 50 images left today",
      warning: true,
    });
  });
  it("says the estimated money left this month", () => {
    expect(budgetLines({ images: null, cost: { usedMicros: 12_400_000, capMicros: 50_000_000, currency: "USD" } })).toEqual([
      { text: "37.60 USD of 50.00 USD left this month (estimated)", warning: false },
    ]);
  });
  it("counts what a grid may still use", () => {
    expect(imagesLeft(null)).toBeNull();
    expect(imagesLeft({ images: null, cost: null })).toBeNull();
    expect(imagesLeft({ images: { used: 8, cap: 10, period: "today" }, cost: null })).toBe(2);
  });
  it("tells a grid past the budget what happens: refused in the tab, paused on the server", () => {
    const budget = { images: { used: 45, cap: 50, period: "today" as const }, cost: null };
    expect(gridBudgetNote(4, budget, "here")).toBe(" It uses 4 of the 5 images left in your budget today.");
    expect(gridBudgetNote(8, budget, "here")).toBe(" Your budget has 5 images left today: 3 of its cells will be refused.");
    expect(gridBudgetNote(8, budget, "server")).toBe(
      " Your budget has 5 images left today: the batch pauses after 5 (budget used) and sends the other 3 when the budget renews or an admin raises it.",
    );
    expect(gridBudgetNote(8, { images: null, cost: null }, "server")).toBe("");
  });
});

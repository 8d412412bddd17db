import type { ShareRow } from "./share-figures";
import { round } from "./stats";

/** A bench script's figures as a Markdown table: key, what, median (min–max, runs), target. */
export function printRows(rows: readonly ShareRow[]): void {
  console.log("\n| key | what | median (min–max, runs) | target |\n|---|---|---|---|");
  for (const row of rows) {
    const value =
      typeof row.value === "number"
        ? `${round(row.value, 2)} ${row.unit}`
        : `${round(row.value.median, 2)} (${round(row.value.min, 2)}–${round(row.value.max, 2)}, n=${row.value.runs}) ${row.unit}`;
    console.log(
      `| \`${row.key}\` | ${row.what} | ${value} | ${row.target ? `${row.target.op} ${row.target.value} ${row.unit}` : "report"} |`,
    );
  }
}

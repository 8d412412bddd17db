import { judgingFigures } from "./judging-figures";
import { round } from "./stats";

/** `npm run bench:judging`: review mode's figures (they are also part of `npm run bench`). */

const rows = await judgingFigures();
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

import { startFakeProcess } from "./child-processes";
import { shareFigures } from "./share-figures";
import { round } from "./stats";

/** `npm run bench:shares`: only the share library's figures (they are also part of `npm run bench`). */

const KEY = "sk-bench-key-0123456789";
const fake = await startFakeProcess(KEY);
try {
  const rows = await shareFigures(fake, KEY, { IMAGE_MODELS: "bench-4x4mb", PLAYGROUND_RATE_LIMIT_PER_MINUTE: "1000000" });
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
} finally {
  await fake.stop();
}

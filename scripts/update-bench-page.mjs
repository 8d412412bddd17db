// Copies the last benchmark table (bench/results.md) into docs/benchmarks.md between its bench markers.
import { readFileSync, writeFileSync } from "node:fs";

const PAGE = "docs/benchmarks.md";
const table = readFileSync("bench/results.md", "utf8").trim();
const page = readFileSync(PAGE, "utf8");
const updated = page.replace(/<!-- bench:start -->[\s\S]*<!-- bench:end -->/, `<!-- bench:start -->\n${table}\n<!-- bench:end -->`);
writeFileSync(PAGE, updated);
console.log(`${PAGE}: performance table updated from bench/results.md`);

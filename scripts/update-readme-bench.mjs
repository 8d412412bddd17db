// Copies the last benchmark table (bench/results.md) into the README between its bench markers.
import { readFileSync, writeFileSync } from "node:fs";

const table = readFileSync("bench/results.md", "utf8").trim();
const readme = readFileSync("README.md", "utf8");
const updated = readme.replace(/<!-- bench:start -->[\s\S]*<!-- bench:end -->/, `<!-- bench:start -->\n${table}\n<!-- bench:end -->`);
writeFileSync("README.md", updated);
console.log("README.md: performance table updated from bench/results.md");

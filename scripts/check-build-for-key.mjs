// Fails if the sentinel key the test build was made with appears anywhere in the build output:
// the key must only ever be read at run time on the server, never baked into a bundle.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";

const sentinel = process.env.IMAGE_API_KEY;
if (!sentinel || sentinel.length < 16) {
  console.error("check-build-for-key: set IMAGE_API_KEY to a long sentinel value for the build being checked.");
  process.exit(2);
}

const hits = [];
let files = 0;
function scan(path) {
  for (const name of readdirSync(path)) {
    const full = join(path, name);
    if (name === "cache") continue; // the compiler cache holds no shipped code
    if (statSync(full).isDirectory()) scan(full);
    else {
      files += 1;
      if (readFileSync(full).includes(sentinel)) hits.push(full);
    }
  }
}
scan(".next");
if (hits.length > 0) {
  console.error(`The API key was found in the build output:\n${hits.join("\n")}`);
  process.exit(1);
}
console.log(`check-build-for-key: the sentinel key is in none of ${files} build files.`);

import { startFakeProcess } from "./child-processes";
import { shareFigures } from "./share-figures";
import { printRows } from "./print-rows";

/** `npm run bench:shares`: only the share library's figures (they are also part of `npm run bench`). */

const KEY = "sk-bench-key-0123456789";
const fake = await startFakeProcess(KEY);
try {
  const rows = await shareFigures(fake, KEY, { IMAGE_MODELS: "bench-4x4mb", PLAYGROUND_RATE_LIMIT_PER_MINUTE: "1000000" });
  printRows(rows);
} finally {
  await fake.stop();
}

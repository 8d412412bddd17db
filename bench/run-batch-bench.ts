import { batchFigures } from "./batch-figures";
import { printRows } from "./print-rows";

/** `npm run bench:batches`: batches on the server at 2,000 rows, kill -9 half way, the queue's cost per row. */

await batchFigures(printRows);

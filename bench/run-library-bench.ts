import { libraryFigures } from "./library-figures";
import { printRows } from "./print-rows";

/** `npm run bench:library`: the library's search at scale, two devices in step, uploading a history (also part of `npm run bench`). */

await libraryFigures(printRows);

import { judgingFigures } from "./judging-figures";
import { printRows } from "./print-rows";

/** `npm run bench:judging`: review mode's figures (they are also part of `npm run bench`). */

printRows(await judgingFigures());

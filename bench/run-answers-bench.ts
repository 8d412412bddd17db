import { answersElsewhereFigures } from "./answers-elsewhere-figures";
import { printRows } from "./print-rows";

/** `npm run bench:answers`: zip answers and operations announced in headers (also part of `npm run bench`). */

printRows(await answersElsewhereFigures());

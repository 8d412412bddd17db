import { hardeningFigures } from "./hardening-figures";
import { printRows } from "./print-rows";

/** `npm run bench:hardening`: hostile bodies, parallel guessing and upload floods (also part of `npm run bench`). */

printRows(await hardeningFigures());

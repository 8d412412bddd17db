import { peopleFigures } from "./people-figures";
import { printRows } from "./print-rows";

/** `npm run bench:people`: budget reservations on both databases, sign-in with a provider (also part of `npm run bench`). */

printRows(await peopleFigures());

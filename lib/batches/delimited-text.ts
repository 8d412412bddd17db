/**
 * CSV and TSV as spreadsheets write them (RFC 4180): fields in double quotes may hold the
 * delimiter, line breaks and doubled quotes; lines end in LF or CRLF. Each record keeps the line it
 * starts on, so an error can name the line a person sees in their editor. One pass, linear in the
 * text's length whatever it holds.
 */

export type DelimitedRecord = { line: number; fields: string[] };

export type DelimitedText = { ok: true; records: DelimitedRecord[] } | { ok: false; line: number; message: string };

export function parseDelimited(text: string, delimiter: "," | "\t"): DelimitedText {
  const records: DelimitedRecord[] = [];
  // A byte order mark (Excel writes one) is not part of the first column's name.
  const source = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const special = delimiter === "," ? /[,\r\n]/g : /[\t\r\n]/g;
  let fields: string[] = [];
  let line = 1;
  let recordLine = 1;
  let at = 0;
  // Fields are cut out of the text in slices, never built a character at a time: a field of
  // half a megabyte is one slice, not half a million strings for the collector.
  while (at <= source.length) {
    let field: string;
    if (source[at] === '"') {
      const quoteLine = line;
      const parts: string[] = [];
      let from = at + 1;
      for (;;) {
        const quote = source.indexOf('"', from);
        if (quote === -1)
          return { ok: false, line: quoteLine, message: `Line ${quoteLine}: a quoted field is never closed (a " is missing).` };
        parts.push(source.slice(from, quote));
        line += countLineBreaks(source, from, quote);
        if (source[quote + 1] === '"') {
          parts.push('"');
          from = quote + 2;
        } else {
          at = quote + 1;
          break;
        }
      }
      field = parts.join("");
      const next = source[at];
      if (next !== undefined && next !== delimiter && next !== "\n" && next !== "\r") {
        return {
          ok: false,
          line,
          message: `Line ${line}: after a quoted field comes ${delimiter === "," ? "a comma" : "a tab"} or the end of the line.`,
        };
      }
    } else {
      special.lastIndex = at;
      const found = special.exec(source);
      const end = found ? found.index : source.length;
      field = source.slice(at, end);
      at = end;
    }
    fields.push(field);
    const after = source[at];
    if (after === delimiter) {
      at++;
      continue;
    }
    // The end of a line, or of the text: the record is complete (a blank line is no record).
    if (!(fields.length === 1 && fields[0] === "")) records.push({ line: recordLine, fields });
    fields = [];
    if (after === undefined) break;
    at += after === "\r" && source[at + 1] === "\n" ? 2 : 1;
    line++;
    recordLine = line;
    if (at === source.length) break;
  }
  return { ok: true, records };
}

/** Line breaks (LF, CR or CRLF) in `text` between two places. */
function countLineBreaks(text: string, from: number, to: number): number {
  let count = 0;
  for (let at = from; at < to; at++) {
    const char = text.charCodeAt(at);
    if (char === 10 || (char === 13 && text.charCodeAt(at + 1) !== 10)) count++;
  }
  return count;
}

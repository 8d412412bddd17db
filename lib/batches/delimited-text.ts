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
  let fields: string[] = [];
  let field = "";
  let line = 1;
  let recordLine = 1;
  let quoted = false;
  let quoteLine = 0;
  /** The field began with a quote and its closing quote was seen: only a delimiter or line end may follow. */
  let closed = false;
  const endRecord = () => {
    fields.push(field);
    // A blank line is no record.
    if (!(fields.length === 1 && fields[0] === "")) records.push({ line: recordLine, fields });
    fields = [];
    field = "";
    closed = false;
  };

  for (let at = 0; at < source.length; at++) {
    const char = source[at] as string;
    if (quoted) {
      if (char === '"') {
        if (source[at + 1] === '"') {
          field += '"';
          at++;
        } else {
          quoted = false;
          closed = true;
        }
      } else {
        if (char === "\n") line++;
        field += char;
      }
      continue;
    }
    if (char === delimiter) {
      fields.push(field);
      field = "";
      closed = false;
    } else if (char === "\n" || char === "\r") {
      if (char === "\r" && source[at + 1] === "\n") at++;
      endRecord();
      line++;
      recordLine = line;
    } else if (closed) {
      return {
        ok: false,
        line,
        message: `Line ${line}: after a quoted field comes ${delimiter === "," ? "a comma" : "a tab"} or the end of the line.`,
      };
    } else if (char === '"' && field === "") {
      quoted = true;
      quoteLine = line;
    } else {
      field += char;
    }
  }
  if (quoted) return { ok: false, line: quoteLine, message: `Line ${quoteLine}: a quoted field is never closed (a " is missing).` };
  if (field !== "" || fields.length > 0 || closed) endRecord();
  return { ok: true, records };
}

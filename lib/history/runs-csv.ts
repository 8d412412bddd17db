/** A CSV table (RFC 4180): every field quoted, quotes doubled, CRLF between rows. */
export function toCsv(header: readonly string[], rows: ReadonlyArray<ReadonlyArray<string | number | boolean>>): string {
  const line = (fields: ReadonlyArray<string | number | boolean>) =>
    fields.map((field) => `"${String(field).replace(/"/g, '""')}"`).join(",");
  return [line(header), ...rows.map(line)].join("\r\n") + "\r\n";
}

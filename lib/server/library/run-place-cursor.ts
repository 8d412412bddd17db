/**
 * Where a page of runs from several people's libraries ended: the rating (for "best rated first"),
 * a time, whose run and its id. As text: `rating.time.author.id`, the author's dots escaped.
 */
export type RunPlaceCursor = { rating: number; time: number; author: string; id: string };

export function readRunPlace(text: string | null): RunPlaceCursor | null {
  const match = /^(\d)\.(\d{1,19})\.([^.]{1,800})\.(.{1,100})$/.exec(text ?? "");
  if (!match) return null;
  try {
    return { rating: Number(match[1]), time: Number(match[2]), author: decodeURIComponent(match[3] ?? ""), id: match[4] ?? "" };
  } catch {
    return null; // a broken escape
  }
}

export const runPlaceText = (cursor: RunPlaceCursor) =>
  `${cursor.rating}.${cursor.time}.${encodeURIComponent(cursor.author).replaceAll(".", "%2E")}.${cursor.id}`;

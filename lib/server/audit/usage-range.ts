/**
 * The days a usage report covers, from the page's `from` and `to` (YYYY-MM-DD, both included, UTC).
 * Missing or unreadable dates fall back to this month so far; a range is at most about two years.
 */

export type DayRange = { from: string; to: string; start: Date; end: Date; problem: string | null };

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const LONGEST_DAYS = 800;

function parseDay(text: string | undefined): Date | null {
  const match = text ? DAY.exec(text) : null;
  if (!match) return null;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return date.toISOString().slice(0, 10) === text ? date : null;
}

const dayText = (date: Date) => date.toISOString().slice(0, 10);

export function usageDayRange(params: { from?: string; to?: string }, now = new Date()): DayRange {
  const today = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const from = parseDay(params.from);
  const to = parseDay(params.to);
  let problem: string | null = null;
  if ((params.from && !from) || (params.to && !to)) problem = "Dates are written YYYY-MM-DD; this month so far is shown instead.";
  let start = from ?? monthStart;
  let last = to ?? today;
  if (last < start) {
    problem = "The end of the range was before its start; this month so far is shown instead.";
    start = monthStart;
    last = today;
  }
  if ((last.getTime() - start.getTime()) / 86_400_000 > LONGEST_DAYS) {
    problem = `A report covers at most ${LONGEST_DAYS} days; it ends ${dayText(last)} and starts ${LONGEST_DAYS} days before.`;
    start = new Date(last.getTime() - LONGEST_DAYS * 86_400_000);
  }
  return { from: dayText(start), to: dayText(last), start, end: new Date(last.getTime() + 86_400_000), problem };
}

/** Every day of the range in order (the chart's axis, with no gaps for quiet days). */
export function daysOf(range: Pick<DayRange, "start" | "end">): string[] {
  const days: string[] = [];
  for (let time = range.start.getTime(); time < range.end.getTime(); time += 86_400_000) days.push(dayText(new Date(time)));
  return days;
}

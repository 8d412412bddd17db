// Formatters made once: toLocaleString and friends build a new one on every call, which cost a
// list of thousands of runs most of its scrolling time.
let calendarDate: Intl.DateTimeFormat | null = null;
let dateAndTime: Intl.DateTimeFormat | null = null;

/** "just now", "5 min ago", "3 h ago", "2 days ago", then the date: how the history list says when. */
export function timeAgo(then: number, now: number): string {
  const seconds = Math.max(0, Math.round((now - then) / 1000));
  if (seconds < 45) return "just now";
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.round(minutes / 60);
  if (hours < 24) return `${hours} h ago`;
  const days = Math.round(hours / 24);
  if (days < 7) return days === 1 ? "yesterday" : `${days} days ago`;
  calendarDate ??= new Intl.DateTimeFormat(undefined, { year: "numeric", month: "short", day: "numeric" });
  return calendarDate.format(then);
}

/** The full date and time, in the reader's locale (a tooltip beside "5 min ago"). */
export function dateTimeText(then: number): string {
  dateAndTime ??= new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "medium" });
  return dateAndTime.format(then);
}

import "server-only";
import { MICROS } from "@/lib/server/budgets/budget-store";
import type { AuditRow, UsageLine } from "./usage-report";

/**
 * The Usage page's tables as CSV (RFC 4180). A cell that a spreadsheet would read as a formula
 * (=, +, -, @ first) is prefixed with an apostrophe: names and prompts come from people.
 */

function cell(value: string | number | null): string {
  if (value === null) return "";
  let text = String(value);
  if (typeof value === "string" && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function csv(header: string[], rows: (string | number | null)[][]): string {
  return [header, ...rows].map((row) => row.map(cell).join(",")).join("\r\n") + "\r\n";
}

const amount = (micros: number | null) => (micros === null ? null : (micros / MICROS).toFixed(4));

export function usageLinesCsv(first: "person" | "model", lines: UsageLine[]): string {
  return csv(
    [first, "requests", "images", "failures", "estimated_cost", "currency"],
    lines.map((line) => [
      first === "person" ? `${line.name} (${line.key})` : line.key,
      line.requests,
      line.images,
      line.failures,
      amount(line.costMicros),
      line.currency,
    ]),
  );
}

export function auditCsv(rows: AuditRow[]): string {
  return csv(
    [
      "time",
      "action",
      "person",
      "person_id",
      "model",
      "aspect_ratio",
      "status",
      "images",
      "estimated_cost",
      "currency",
      "request_id",
      "prompt",
      "detail",
    ],
    rows.map((row) => [
      row.at.toISOString(),
      row.action,
      row.authorName,
      row.author,
      row.model,
      row.aspectRatio,
      row.status,
      row.images,
      amount(row.costMicros),
      row.currency,
      row.requestId,
      row.prompt,
      row.detail,
    ]),
  );
}

import type { GenerationRequest } from "@/lib/request/generation-request";
import { serviceBody } from "@/lib/request/service-body";
import { formatCount } from "@/lib/utils/format-count";
import type { AnswerTransfer, ServiceExchange } from "@/lib/answer/run-outcome";
import { formatBytes } from "@/lib/utils/format-bytes";
import { RequestSnippets } from "./request-snippets";
import { Section } from "@/components/ui/section";
import { announcedOperation } from "@/lib/answer/job-status";

/** "gzip: 12 kB on the wire, 1.2 MB decoded (99 % smaller)", or why the body is shown as it came. */
function describeTransfer(transfer: AnswerTransfer, decodedBytes: number): string {
  if (!transfer.decoded) return `${transfer.encoding}: not a coding the playground can undo, so the body is shown as it came`;
  if (transfer.wireBytes === null) return `${transfer.encoding}: decoded by the playground to ${formatBytes(decodedBytes)}`;
  const saved = decodedBytes > 0 ? Math.round((1 - transfer.wireBytes / decodedBytes) * 100) : 0;
  return `${transfer.encoding}: ${formatBytes(transfer.wireBytes)} on the wire, decoded by the playground to ${formatBytes(decodedBytes)} (${saved} % smaller compressed)`;
}

/** Exactly what went to the service and what came back, with the key masked. A null request is a job poll (a GET). */
export function ExchangePanel({ request, url, exchange }: { request: GenerationRequest | null; url: string; exchange?: ServiceExchange }) {
  const rows: [string, React.ReactNode][] = [
    [
      "Request",
      <span key="r">
        <span className="font-semibold">{request ? "POST" : "GET"}</span>{" "}
        {url || "(not sent: the playground refused it before calling the service)"}
      </span>,
    ],
  ];
  if (exchange && exchange.urlsTried.length > 0) {
    rows.push(["Tried first", exchange.urlsTried.map((tried) => `${tried} → 404/405`).join("\n")]);
  }
  rows.push([
    "Request headers",
    `Authorization: Bearer ••••${exchange?.keyHint ?? ""}${request ? "\nContent-Type: application/json" : ""}`,
  ]);
  rows.push(["Request body", request ? JSON.stringify(serviceBody(request), null, 2) : "(none: a poll is a GET)"]);
  if (exchange) {
    rows.push(["Status", `${exchange.status} ${exchange.statusText}`.trim()]);
    rows.push(["Content type", exchange.contentType || "(none)"]);
    if (exchange.transfer) rows.push(["Content encoding", describeTransfer(exchange.transfer, exchange.bytes.length)]);
    rows.push([
      "Duration",
      `${formatCount(exchange.totalMs)} ms in all${exchange.headersMs !== null ? ` · headers after ${formatCount(exchange.headersMs)} ms` : ""}`,
    ]);
    if (exchange.retryAfter) rows.push(["Retry-After", exchange.retryAfter]);
    // An operation's address is followed (see the job's checks); any other Location is a redirect, never followed.
    const operation = announcedOperation(exchange);
    const named = (value: string) => withResolved(value, exchange.url, operation);
    if (exchange.operationLocation) rows.push(["Operation-Location", named(exchange.operationLocation)]);
    if (exchange.location) rows.push([operation ? "Location" : "Location (not followed)", named(exchange.location)]);
    if (exchange.serviceRequestId) rows.push(["Service request id", exchange.serviceRequestId]);
    rows.push(["Playground request id", exchange.requestId]);
  }
  if (exchange && request) rows.push(["Copy the request", <RequestSnippets key="s" url={exchange.url} request={request} />]);
  return (
    <Section title="Exchange" aside={exchange ? `${exchange.status} · ${exchange.totalMs} ms` : undefined}>
      <dl className="grid gap-x-4 gap-y-2 text-xs sm:grid-cols-[10rem_1fr]" data-testid="exchange">
        {rows.map(([term, detail]) => (
          <div key={term} className="contents">
            <dt className="font-medium text-muted">{term}</dt>
            <dd className="min-w-0 font-mono break-all whitespace-pre-wrap">{detail}</dd>
          </div>
        ))}
      </dl>
    </Section>
  );
}

/** A header's address as the service wrote it, and what it resolved to when that is the operation followed. */
function withResolved(value: string, serviceUrl: string, operation: string | null): string {
  if (!operation || value.trim() === operation) return value;
  try {
    return new URL(value.trim(), serviceUrl || undefined).href === operation ? `${value} → ${operation}` : value;
  } catch {
    return value;
  }
}

"use client";

import { useState } from "react";
import type { StreamEvent, StreamFraming } from "@/lib/answer/answer-stream";
import { formatBytes } from "@/lib/utils/format-bytes";
import { formatCount } from "@/lib/utils/format-count";

const FRAMING_NAMES: Record<StreamFraming, string> = {
  sse: "server-sent events",
  ndjson: "newline-delimited JSON",
  "json-seq": "a JSON text sequence",
};

const SHOWN_AT_FIRST = 200;

/** What an event says it is: its SSE name, else a `type`, `event` or `status` field. */
function eventLabel(event: StreamEvent): string {
  if (event.name) return event.name;
  const value = event.value;
  if (typeof value === "object" && value !== null && !Array.isArray(value)) {
    for (const key of ["type", "event", "status", "object"]) {
      const field = (value as Record<string, unknown>)[key];
      if (typeof field === "string") return field;
    }
  }
  return event.value === undefined ? event.data.slice(0, 40) : "(data)";
}

/**
 * The events of a streamed answer in the order they came, with when each arrived (after the request
 * was sent); `$[n]` in an image's path is event n here and in the tree below.
 */
export function StreamEvents({ framing, events, times }: { framing: StreamFraming; events: StreamEvent[]; times?: number[] }) {
  const [all, setAll] = useState(false);
  const shown = all ? events : events.slice(0, SHOWN_AT_FIRST);
  return (
    <div className="mb-3 flex flex-col gap-2">
      <p className="text-xs text-muted">
        Sent as {FRAMING_NAMES[framing]}: {formatCount(events.length)} event{events.length === 1 ? "" : "s"}. In paths, $[n] is event n.
      </p>
      <div className="max-h-72 overflow-auto rounded-lg border border-zinc-200 dark:border-zinc-800">
        <table className="w-full text-left font-mono text-xs" aria-label="Stream events">
          <thead className="sticky top-0 bg-zinc-50 text-muted dark:bg-zinc-900">
            <tr>
              <th scope="col" className="px-2 py-1 font-medium">
                #
              </th>
              <th scope="col" className="px-2 py-1 font-medium">
                event
              </th>
              <th scope="col" className="px-2 py-1 text-right font-medium">
                arrived
              </th>
              <th scope="col" className="px-2 py-1 text-right font-medium">
                size
              </th>
            </tr>
          </thead>
          <tbody>
            {shown.map((event, index) => (
              <tr key={index} className="border-t border-zinc-100 dark:border-zinc-800/60">
                <td className="px-2 py-1 tabular-nums">{index}</td>
                <td className="px-2 py-1 break-all">{eventLabel(event)}</td>
                <td className="px-2 py-1 text-right tabular-nums">
                  {times?.[index] === undefined ? "–" : `+${((times[index] ?? 0) / 1000).toFixed(2)} s`}
                </td>
                <td className="px-2 py-1 text-right tabular-nums">{formatBytes(event.dataLength ?? event.data.length)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {shown.length < events.length && (
        <button type="button" onClick={() => setAll(true)} className="self-start text-xs text-accent-700 underline dark:text-accent-400">
          show all {formatCount(events.length)} events
        </button>
      )}
    </div>
  );
}

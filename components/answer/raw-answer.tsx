"use client";

import { useState } from "react";
import { formatCount } from "@/lib/utils/format-count";
import { streamTreeValue, type AnswerBody, type DisplayImage } from "@/lib/answer/interpret-answer";
import { StreamEvents } from "./stream-events";
import { formatBytes } from "@/lib/utils/format-bytes";
import { wholeText, type LongText } from "@/lib/answer/long-text";
import { copyText } from "@/lib/browser/reveal";
import { lazyModule, useLazyModule } from "@/components/ui/lazy-module";
import { Section } from "@/components/ui/section";
import { PanelBoundary } from "@/components/ui/panel-boundary";

const TEXT_PREVIEW = 20_000;

// The tree is only needed once an answer is shown, so its code stays out of the first page load.
const jsonTree = lazyModule(() => import("./json-tree"));

function LazyJsonTree(props: { value: unknown; images: DisplayImage[] }) {
  const tree = useLazyModule(jsonTree, true);
  if (!tree) return <p className="text-xs text-muted">Loading the tree…</p>;
  return (
    <PanelBoundary panel="The JSON tree" raw={() => JSON.stringify(props.value, null, 2)}>
      <tree.JsonTree {...props} />
    </PanelBoundary>
  );
}

/** The service's body as it came: a JSON tree, text, or a note for image and binary bodies. */
export function RawAnswer({
  body,
  images,
  contentType,
  size,
  eventTimes,
}: {
  body: AnswerBody;
  images: DisplayImage[];
  contentType: string;
  size: number;
  /** A stream's arrival times, one per event. */
  eventTimes?: number[];
}) {
  return (
    <Section title="Raw answer" aside={`${contentType || "no content type"} · ${formatBytes(size)}`}>
      {(body.kind === "json" || body.kind === "text" || body.kind === "stream") && body.charset && (
        <p className="mb-2 text-xs text-muted" data-testid="raw-charset">
          Read as {body.charset}, the charset its Content-Type declares.
        </p>
      )}
      {body.kind === "json" && <LazyJsonTree value={body.value} images={images} />}
      {body.kind === "stream" && (
        <>
          <StreamEvents framing={body.framing} events={body.events} times={eventTimes} />
          <LazyJsonTree value={streamTreeValue(body.events)} images={images} />
        </>
      )}
      {body.kind === "text" && (
        <>
          {body.jsonError && (
            <p className="mb-2 text-xs text-amber-800 dark:text-amber-300">Labelled as JSON but it does not parse: {body.jsonError}</p>
          )}
          <TextBody text={body.text} cut={body.cut} />
        </>
      )}
      {body.kind === "image" && (
        <p className="text-sm">
          The whole body is an image ({body.mime}, {formatBytes(body.size)}), shown above.
        </p>
      )}
      {body.kind === "binary" && <p className="text-sm">A binary body of {formatBytes(body.size)} that is not an image.</p>}
      {body.kind === "archive" && <ArchiveListing body={body} />}
      {body.kind === "multipart" && <MultipartParts body={body} />}
      {body.kind === "empty" && <p className="text-sm text-muted">(empty body)</p>}
    </Section>
  );
}

/** `cut`: the text is only the beginning of a longer one (see long-text); the rest is offered to copy. */
function TextBody({ text, cut }: { text: string; cut?: LongText }) {
  const [all, setAll] = useState(false);
  const [copied, setCopied] = useState<string | null>(null);
  const shown = all ? text : text.slice(0, TEXT_PREVIEW);
  const length = cut?.length ?? text.length;
  const copyAll = async () => setCopied((await copyText(await wholeText(cut ?? text))) ? "copied" : "the browser did not allow copying");
  return (
    <>
      <pre data-testid="raw-text" className="max-h-[60vh] overflow-auto font-mono text-xs break-all whitespace-pre-wrap">
        {shown}
      </pre>
      {shown.length < text.length && (
        <button type="button" onClick={() => setAll(true)} className="mt-2 text-xs text-accent-700 underline dark:text-accent-400">
          show {cut ? "more" : "all"} ({formatCount(length)} characters)
        </button>
      )}
      {cut && all && (
        <p className="mt-2 text-xs text-muted">
          The first {formatCount(text.length)} of {formatCount(length)} characters are shown.{" "}
          <button type="button" onClick={() => void copyAll()} className="text-accent-700 underline dark:text-accent-400">
            Copy all of it
          </button>
          {copied && ` (${copied})`}
        </p>
      )}
    </>
  );
}

/** A zip answer's files: each with its unpacked size, and whether it is one of the pictures above. */
function ArchiveListing({ body }: { body: Extract<AnswerBody, { kind: "archive" }> }) {
  return (
    <div className="flex flex-col gap-2 text-sm">
      <p>
        A zip archive of {formatBytes(body.size)} holding {body.entries.length} file{body.entries.length === 1 ? "" : "s"}
        {body.entries.some((entry) => entry.mime) ? "; its pictures are shown above" : ""}.
      </p>
      {body.problem && <p className="text-amber-800 dark:text-amber-300">{body.problem}</p>}
      <ol aria-label="Files in the archive" className="flex max-h-64 flex-col gap-0.5 overflow-y-auto font-mono text-xs">
        {body.entries.map((entry, index) => (
          <li key={`${index}:${entry.name}`} className="flex gap-3">
            <span className="min-w-0 flex-1 truncate" title={entry.name}>
              {entry.name}
            </span>
            <span className="text-muted tabular-nums">{formatBytes(entry.size)}</span>
            <span className="w-24 text-muted">{entry.mime ?? "not a picture"}</span>
          </li>
        ))}
      </ol>
    </div>
  );
}

/** Longer part texts are cut here; the whole answer is in the exchange's download. */
const PART_TEXT_MAX_CHARS = 20_000;

/** A multipart answer's parts, in order: each with its own type, and what it held. */
function MultipartParts({ body }: { body: Extract<AnswerBody, { kind: "multipart" }> }) {
  return (
    <ol aria-label="Parts of the answer" className="flex flex-col gap-3 text-sm">
      {body.parts.map((part, index) => {
        const shown = part.kind === "json" ? JSON.stringify(part.value, null, 2) : part.kind === "text" ? (part.text ?? "") : null;
        return (
          <li key={index} className="flex flex-col gap-1">
            <p className="font-mono text-xs text-muted">
              part {index + 1} · {part.contentType} · {formatBytes(part.size)}
              {part.kind === "image" ? " · a picture, shown above" : part.kind === "binary" ? " · binary, not a picture" : ""}
            </p>
            {shown !== null && (
              <pre className="max-h-64 overflow-auto rounded-lg bg-zinc-50 p-2 font-mono text-xs break-all whitespace-pre-wrap dark:bg-zinc-950">
                {shown.length > PART_TEXT_MAX_CHARS ? `${shown.slice(0, PART_TEXT_MAX_CHARS)}…` : shown}
              </pre>
            )}
          </li>
        );
      })}
    </ol>
  );
}

"use client";

import { useState } from "react";
import { formatCount } from "@/lib/utils/format-count";
import { streamTreeValue, type AnswerBody, type DisplayImage } from "@/lib/answer/interpret-answer";
import { StreamEvents } from "./stream-events";
import { formatBytes } from "@/lib/utils/format-bytes";
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
          <TextBody text={body.text} />
        </>
      )}
      {body.kind === "image" && (
        <p className="text-sm">
          The whole body is an image ({body.mime}, {formatBytes(body.size)}), shown above.
        </p>
      )}
      {body.kind === "binary" && <p className="text-sm">A binary body of {formatBytes(body.size)} that is not an image.</p>}
      {body.kind === "empty" && <p className="text-sm text-muted">(empty body)</p>}
    </Section>
  );
}

function TextBody({ text }: { text: string }) {
  const [all, setAll] = useState(false);
  const shown = all ? text : text.slice(0, TEXT_PREVIEW);
  return (
    <>
      <pre data-testid="raw-text" className="max-h-[60vh] overflow-auto font-mono text-xs break-all whitespace-pre-wrap">
        {shown}
      </pre>
      {shown.length < text.length && (
        <button type="button" onClick={() => setAll(true)} className="mt-2 text-xs text-accent-700 underline dark:text-accent-400">
          show all {formatCount(text.length)} characters
        </button>
      )}
    </>
  );
}

"use client";

import { useMemo, useState } from "react";
import type { DisplayImage } from "@/lib/answer/interpret-answer";
import { formatJsonPath, JSON_IN_STRING, jsonNodeId, type PathSegment } from "@/lib/answer/json-path";
import { useAnswerScope } from "./answer-scope";
import { ImageNodeMark, NodeActions } from "./json-node-extras";
import { LongString } from "./long-string";
import { isLongText } from "@/lib/answer/long-text";

/** Nesting past this is shown as text, so a hostile answer cannot exhaust the renderer. */
const MAX_TREE_DEPTH = 100;
const FIRST_ITEMS = 100;

/** Where each image sits in the answer: its path → the image and its place in the gallery. */
type ImageIndex = ReadonlyMap<string, { image: DisplayImage; index: number }>;
type NodeProps = { value: unknown; segments: PathSegment[]; label: React.ReactNode; imagePaths: ImageIndex; trailingComma: boolean };

export function JsonTree({ value, images }: { value: unknown; images: DisplayImage[] }) {
  const imagePaths: ImageIndex = useMemo(
    () => new Map(images.flatMap((image, index) => image.paths.map((path) => [path, { image, index }] as const))),
    [images],
  );
  return (
    <div className="overflow-x-auto font-mono text-xs leading-relaxed" data-testid="json-tree">
      <JsonNode value={value} segments={[]} label={null} imagePaths={imagePaths} trailingComma={false} />
    </div>
  );
}

function parseJsonString(text: string): unknown {
  if (!/^\s*[[{]/.test(text)) return undefined;
  try {
    const parsed: unknown = JSON.parse(text);
    return typeof parsed === "object" && parsed !== null ? parsed : undefined;
  } catch {
    return undefined;
  }
}

function JsonNode({ value, segments, label, imagePaths, trailingComma }: NodeProps) {
  const scope = useAnswerScope();
  const path = formatJsonPath(segments);
  const nodeId = jsonNodeId(path, scope);
  const image = imagePaths.get(path);
  const comma = trailingComma ? "," : "";
  const prefix = (
    <>
      {label}
      {image && <ImageNodeMark image={image.image} index={image.index} />}
    </>
  );
  const actions = <NodeActions path={path} value={value} />;

  // A string cut by the answer worker (LongText) is shown as the string it stands for.
  const stringValue = typeof value === "string" || isLongText(value) ? value : null;
  if (stringValue === null && typeof value === "object" && value !== null && segments.length < MAX_TREE_DEPTH) {
    return (
      <Container value={value} segments={segments} prefix={prefix} actions={actions} imagePaths={imagePaths} comma={comma} id={nodeId} />
    );
  }
  if (stringValue !== null) {
    // JSON in a string is never cut (see long-text).
    const nested = typeof stringValue === "string" ? parseJsonString(stringValue) : undefined;
    return (
      <div id={nodeId} className="group/node break-all whitespace-pre-wrap">
        {prefix}
        <LongString value={stringValue} />
        {comma}
        {actions}
        {nested !== undefined && (
          <div className="ml-4 border-l border-dashed border-zinc-300 pl-2 dark:border-zinc-700">
            <JsonNode
              value={nested}
              segments={[...segments, JSON_IN_STRING]}
              label={<span className="text-muted">(json) </span>}
              imagePaths={imagePaths}
              trailingComma={false}
            />
          </div>
        )}
      </div>
    );
  }
  if (typeof value === "object" && value !== null) {
    return (
      <div id={nodeId}>
        {prefix}
        <DeepValue value={value} />
        {comma}
      </div>
    );
  }
  const text = JSON.stringify(value);
  const colour = typeof value === "number" ? "text-sky-700 dark:text-sky-400" : "text-purple-700 dark:text-purple-400";
  return (
    <div id={nodeId} className="group/node">
      {prefix}
      <span className={colour}>{text}</span>
      {comma}
      {actions}
    </div>
  );
}

/** Past the depth limit the rest is offered as text, written out only when asked for. */
function DeepValue({ value }: { value: object }) {
  const [text, setText] = useState<string | null>(null);
  if (text !== null) {
    return <pre className="max-h-64 overflow-auto rounded bg-zinc-100 p-2 break-all whitespace-pre-wrap dark:bg-zinc-800">{text}</pre>;
  }
  const showText = () => {
    try {
      setText(JSON.stringify(value).slice(0, 200_000));
    } catch {
      setText("(too deep to write out as text)");
    }
  };
  return (
    <span className="text-muted">
      … nested deeper than {MAX_TREE_DEPTH} levels{" "}
      <button
        type="button"
        onClick={showText}
        className="rounded bg-zinc-200 px-1.5 font-sans text-[11px] text-zinc-700 hover:bg-zinc-300 dark:bg-zinc-800 dark:text-zinc-300"
      >
        show as text
      </button>
    </span>
  );
}

type ContainerProps = {
  value: object;
  segments: PathSegment[];
  prefix: React.ReactNode;
  actions: React.ReactNode;
  imagePaths: ImageIndex;
  comma: string;
  id: string;
};

function Container({ value, segments, prefix, actions, imagePaths, comma, id }: ContainerProps) {
  const [open, setOpen] = useState(true);
  const [showAll, setShowAll] = useState(false);
  const isArray = Array.isArray(value);
  const entries: [PathSegment, unknown][] = isArray ? value.map((item, index) => [index, item]) : Object.entries(value);
  const [opening, closing] = isArray ? ["[", "]"] : ["{", "}"];
  const shown = showAll ? entries : entries.slice(0, FIRST_ITEMS);
  return (
    <div id={id}>
      <span className="group/node">
        <button
          type="button"
          onClick={() => setOpen(!open)}
          aria-expanded={open}
          className="mr-1 w-3 text-muted hover:text-zinc-900 dark:hover:text-zinc-100"
          aria-label={open ? "Collapse" : "Expand"}
        >
          {open ? "▾" : "▸"}
        </button>
        {prefix}
        {opening}
        {!open && (
          <span className="text-muted">
            {" "}
            {entries.length} {isArray ? "items" : "keys"}{" "}
          </span>
        )}
        {actions}
      </span>
      {open && (
        <div className="ml-4 border-l border-zinc-200 pl-2 dark:border-zinc-800">
          {shown.map(([key, child], index) => (
            <JsonNode
              key={String(key)}
              value={child}
              segments={[...segments, key]}
              label={typeof key === "string" ? <span className="text-rose-700 dark:text-rose-400">{JSON.stringify(key)}: </span> : null}
              imagePaths={imagePaths}
              trailingComma={index < entries.length - 1}
            />
          ))}
          {shown.length < entries.length && (
            <button type="button" onClick={() => setShowAll(true)} className="text-accent-700 underline dark:text-accent-400">
              show {entries.length - shown.length} more
            </button>
          )}
        </div>
      )}
      {closing}
      {comma}
    </div>
  );
}

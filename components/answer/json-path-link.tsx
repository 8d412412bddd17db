"use client";

import { jsonNodeId } from "@/lib/answer/json-path";
import { useAnswerScope } from "./answer-scope";
import { revealElement } from "@/lib/browser/reveal";

/** An image's JSON path; a click scrolls the raw answer to that node and highlights it briefly. */
export function JsonPathLink({ path }: { path: string }) {
  const id = jsonNodeId(path, useAnswerScope());
  return (
    <a
      href={`#${id}`}
      className="font-mono text-accent-700 underline decoration-dotted underline-offset-2 hover:decoration-solid dark:text-accent-400"
      title="Show this node in the raw answer"
      onClick={(event) => {
        if (revealElement(id)) event.preventDefault();
      }}
    >
      {path}
    </a>
  );
}

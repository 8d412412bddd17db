"use client";

import { jsonNodeId } from "@/lib/json-path";

/** An image's JSON path; a click scrolls the raw answer to that node and highlights it briefly. */
export function JsonPathLink({ path }: { path: string }) {
  const id = jsonNodeId(path);
  return (
    <a
      href={`#${id}`}
      className="font-mono text-accent-700 underline decoration-dotted underline-offset-2 hover:decoration-solid dark:text-accent-400"
      title="Show this node in the raw answer"
      onClick={(event) => {
        const node = document.getElementById(id);
        if (!node) return;
        event.preventDefault();
        node.scrollIntoView({ behavior: "smooth", block: "center" });
        node.classList.add("json-node-target");
        window.setTimeout(() => node.classList.remove("json-node-target"), 2000);
      }}
    >
      {path}
    </a>
  );
}

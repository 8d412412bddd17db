"use client";

import { formatCount } from "@/lib/utils/format-count";
import { Component, Fragment, type ErrorInfo, type ReactNode } from "react";
import { buttonClass } from "./button";
import { oneSentence } from "./one-sentence";

/** The raw answer shown beside a failed panel: enough to read, never a multi-megabyte DOM node. */
const RAW_SHOWN_CHARS = 256 * 1024;

type PanelBoundaryProps = {
  /** What the panel shows, for the sentence that says it failed ("The answer view"). */
  panel: string;
  /** The untrusted answer the panel was showing, as text; read only once the panel has failed. */
  raw?: () => string;
  children: ReactNode;
};

type PanelBoundaryState = { error: Error | null; attempt: number };

/**
 * Contains a panel that renders untrusted data: if it throws, that panel alone says what failed in
 * one sentence, offers the raw answer and a retry of the panel, and the rest of the page goes on.
 */
export class PanelBoundary extends Component<PanelBoundaryProps, PanelBoundaryState> {
  override state: PanelBoundaryState = { error: null, attempt: 0 };

  static getDerivedStateFromError(error: unknown): Partial<PanelBoundaryState> {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    // The page's own bug: in the browser console for whoever reports it, nowhere else.
    console.error(`${this.props.panel} failed:`, error, info.componentStack);
  }

  private readonly retry = () => this.setState((state) => ({ error: null, attempt: state.attempt + 1 }));

  override render(): ReactNode {
    const { error, attempt } = this.state;
    // A new key on retry: the panel starts from nothing rather than from the state that threw.
    if (!error) return <Fragment key={attempt}>{this.props.children}</Fragment>;
    const { panel, raw } = this.props;
    return (
      <div
        role="alert"
        data-testid="panel-failed"
        className="flex flex-col gap-3 rounded-2xl border border-red-300 bg-red-50 p-4 text-sm text-red-950 dark:border-red-800 dark:bg-red-950/40 dark:text-red-100"
      >
        <p>
          <span className="font-semibold">{panel} could not be shown.</span> {oneSentence(error.message)}
        </p>
        <div>
          <button type="button" className={buttonClass("secondary", "sm")} onClick={this.retry}>
            Retry this panel
          </button>
        </div>
        {raw && <RawText text={raw()} />}
      </div>
    );
  }
}

function RawText({ text }: { text: string }) {
  return (
    <details>
      <summary className="cursor-pointer font-medium">Raw answer ({formatCount(text.length)} characters)</summary>
      <pre className="mt-2 max-h-96 overflow-auto rounded-lg bg-white/70 p-3 font-mono text-xs break-all whitespace-pre-wrap dark:bg-black/30">
        {text.length > RAW_SHOWN_CHARS ? `${text.slice(0, RAW_SHOWN_CHARS)}\n…` : text}
      </pre>
    </details>
  );
}

/** The bytes of an answer as text, for a failed panel (decoded only when it has failed). */
export const rawTextOf = (bytes: Uint8Array) => () => new TextDecoder().decode(bytes.subarray(0, RAW_SHOWN_CHARS * 4));

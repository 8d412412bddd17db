import "server-only";

/** One structured line per request: what happened and how long it took, never the prompt or the key. */
export type RequestLogLine = {
  requestId: string;
  route: string;
  status: number;
  durationMs: number;
  serviceStatus?: number;
  /** Bytes of the request body and of the answer relayed; the prompt's length, never its text. */
  bytesIn?: number;
  bytesOut?: number;
  promptLength?: number;
  /** Why a streamed answer ended early, in plain words. */
  failure?: string;
};

export function logRequest(line: RequestLogLine): void {
  // Straight to stdout: one line, no console formatting on the hot path.
  process.stdout.write(
    `${JSON.stringify({ level: "info", time: new Date().toISOString(), ...line, durationMs: Math.round(line.durationMs) })}\n`,
  );
}

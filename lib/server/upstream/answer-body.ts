import "server-only";

import type { ServiceAnswer } from "./image-service-client";
import { readFailureDetail, tooLargeDetail } from "./read-service-answer";
import { SecretScrubber } from "./scrub-secret";

/**
 * Our body for a service's answer: its chunks, key scrubbed, each let go once sent so the answer
 * exists once in memory. A large answer's rest is read as the browser takes it, under the same
 * size cap and timeouts; if it fails midway the stream errors, which the page reports.
 */
export function answerBodyStream(
  answer: ServiceAnswer,
  options: { apiKey: string; maxBytes: number; callerSignal: AbortSignal; onEnd: (bytesOut: number, failure?: string) => void },
): ReadableStream<Uint8Array> {
  const scrubber = new SecretScrubber(options.apiKey);
  const head = answer.chunks;
  let index = 0;
  let size = answer.size;
  let bytesOut = 0;
  let ended = false;
  const end = (failure?: string) => {
    if (ended) return;
    ended = true;
    options.onEnd(bytesOut, failure);
  };
  const send = (controller: ReadableStreamDefaultController<Uint8Array>, chunks: Uint8Array[]) => {
    for (const chunk of chunks) {
      bytesOut += chunk.byteLength;
      controller.enqueue(chunk);
    }
  };

  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        const chunk = head[index];
        if (chunk !== undefined) {
          head[index] = EMPTY;
          index += 1;
          send(controller, scrubber.push(chunk));
          return;
        }
        if (!answer.rest) {
          send(controller, scrubber.flush());
          controller.close();
          end();
          return;
        }
        try {
          const { done, value } = await answer.rest.read();
          if (done) {
            send(controller, scrubber.flush());
            controller.close();
            end();
            return;
          }
          size += value.byteLength;
          if (size > options.maxBytes) {
            await answer.rest.cancel();
            throw new Error(tooLargeDetail(options.maxBytes));
          }
          send(controller, scrubber.push(value));
        } catch (error) {
          const detail =
            error instanceof Error && error.message === tooLargeDetail(options.maxBytes)
              ? error.message
              : readFailureDetail(error, size, { totalTimeout: answer.totalTimeout, callerSignal: options.callerSignal }).detail;
          controller.error(new Error(detail));
          end(detail);
        }
      },
      async cancel() {
        // The browser went away: stop reading from the service, which closes that connection.
        await answer.rest?.cancel().catch(() => undefined);
        end("the browser stopped reading");
      },
    },
    { highWaterMark: READ_AHEAD_CHUNKS },
  );
}

/**
 * Chunks read from the service ahead of the browser: the next ones arrive while the last ones are
 * written out, instead of one read waiting for each write (a few chunks: well under a MiB).
 */
const READ_AHEAD_CHUNKS = 8;

const EMPTY = new Uint8Array(0);

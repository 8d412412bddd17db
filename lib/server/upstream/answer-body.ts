import "server-only";

import type { ServiceAnswer } from "./image-service-client";
import { readFailureDetail, tooLargeDetail } from "./read-service-answer";
import { SecretScrubber } from "./scrub-secret";

/**
 * Our body for a service's answer: its chunks, key scrubbed, each let go once sent so the answer
 * exists once in memory. A large answer's rest is read as the browser takes it, under the same
 * size cap and timeouts; if it fails midway the stream errors, which the page reports.
 *
 * An answer that passes the cap ends cleanly after exactly one byte more than the cap, which is how
 * the page knows it was cut (see `ANSWER_HEADERS.answerLimit`). On any other failure the stream
 * errors only once every chunk before it has been taken (erroring a stream drops its queued
 * chunks), so the page can say how much arrived.
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
  /** Why the answer stopped: the stream errors with it once the chunks before are taken. */
  let failure: string | null = null;
  const end = (reason?: string) => {
    if (ended) return;
    ended = true;
    options.onEnd(bytesOut, reason);
  };
  const failOnceTaken = (controller: ReadableStreamDefaultController<Uint8Array>) => {
    if (failure === null || !queueIsEmpty(controller)) return;
    controller.error(new Error(failure));
    end(failure);
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
        if (failure !== null) {
          // Every dequeue calls pull again, so this errors right after the last chunk is taken
          // (a pipe still writes the chunks it has read before it aborts).
          failOnceTaken(controller);
          return;
        }
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
          const before = size;
          size += value.byteLength;
          if (size > options.maxBytes) {
            // Cancelling closes the connection to the service: nothing more is read.
            await answer.rest.cancel().catch(() => undefined);
            send(controller, [...scrubber.push(value.subarray(0, options.maxBytes + 1 - before)), ...scrubber.flush()]);
            controller.close();
            end(tooLargeDetail(options.maxBytes));
            return;
          }
          send(controller, scrubber.push(value));
        } catch (error) {
          failure = readFailureDetail(error, size, { totalTimeout: answer.totalTimeout, callerSignal: options.callerSignal }).detail;
          send(controller, scrubber.flush());
          failOnceTaken(controller);
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

function queueIsEmpty(controller: ReadableStreamDefaultController<Uint8Array>): boolean {
  return controller.desiredSize === READ_AHEAD_CHUNKS;
}

/**
 * Streams a buffered answer out chunk by chunk, letting go of each chunk once it is sent, so the
 * body exists once in memory and shrinks as it leaves.
 */
export function streamChunks(chunks: Uint8Array[]): ReadableStream<Uint8Array> {
  let index = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      const chunk = chunks[index];
      if (chunk === undefined) {
        controller.close();
        return;
      }
      chunks[index] = EMPTY;
      index += 1;
      controller.enqueue(chunk);
    },
  });
}

const EMPTY = new Uint8Array(0);

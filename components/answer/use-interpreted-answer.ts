"use client";

import { useMemo, useState } from "react";
import { interpretAnswer, type InterpretedAnswer } from "@/lib/answer/interpret-answer";
import type { ServiceExchange } from "@/lib/answer/run-outcome";
import { interpretLargeAnswer, WORKER_THRESHOLD_BYTES } from "@/lib/browser/answer-worker/answer-worker-client";
import { useAbortableEffect } from "@/components/ui/use-abortable-effect";

/**
 * The service's answer read for display. A small one is read at once, so it shows in the same
 * frame; a large one is read in the answer worker, and this is null until it is done, so the page
 * never freezes while megabytes of JSON are parsed and pictures decoded.
 */
export function useInterpretedAnswer(exchange: ServiceExchange): InterpretedAnswer | null {
  const small = exchange.bytes.length < WORKER_THRESHOLD_BYTES;
  const immediate = useMemo(() => (small ? interpretAnswer(exchange.bytes, exchange.contentType, exchange.url) : null), [exchange, small]);
  const [late, setLate] = useState<{ exchange: ServiceExchange; answer: InterpretedAnswer } | null>(null);
  useAbortableEffect(
    (signal) => {
      if (small) return;
      void interpretLargeAnswer(exchange.bytes, exchange.contentType, exchange.url).then((answer) => {
        if (!signal.aborted) setLate({ exchange, answer });
      });
    },
    [exchange, small],
  );
  return immediate ?? (late?.exchange === exchange ? late.answer : null);
}

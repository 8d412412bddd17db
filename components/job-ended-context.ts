"use client";

import { createContext } from "react";
import type { RunOutcome } from "@/lib/browser/run-generation";

/** Told the answer that ended a job (image, failure), so history keeps the result rather than the receipt. */
export const JobEndedContext = createContext<((outcome: RunOutcome) => void) | null>(null);

"use client";

import { createContext, useContext } from "react";
import type { Prices } from "@/lib/request/prices";

/** The server's IMAGE_PRICES, for every view that estimates a cost (run, grid, history). */
export const PricesContext = createContext<Prices>({});

export function usePrices(): Prices {
  return useContext(PricesContext);
}

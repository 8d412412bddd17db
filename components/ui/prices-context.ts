"use client";

import { createContext, useContext } from "react";
import { NO_PRICES, type Prices } from "@/lib/request/prices";

/** The server's IMAGE_PRICES, for every view that estimates a cost (run, grid, history). */
export const PricesContext = createContext<Prices>(NO_PRICES);

export function usePrices(): Prices {
  return useContext(PricesContext);
}

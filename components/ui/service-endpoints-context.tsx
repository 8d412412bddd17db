"use client";

import { createContext, useContext } from "react";

/** The endpoints this playground's server calls (PublicServiceInfo.knownEndpoints), for copied commands. */
const ServiceEndpointsContext = createContext<readonly string[]>([]);

export function ServiceEndpointsProvider({ endpoints, children }: { endpoints: readonly string[]; children: React.ReactNode }) {
  return <ServiceEndpointsContext.Provider value={endpoints}>{children}</ServiceEndpointsContext.Provider>;
}

export function useKnownEndpoints(): readonly string[] {
  return useContext(ServiceEndpointsContext);
}

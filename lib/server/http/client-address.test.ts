import { describe, expect, it } from "vitest";
import { clientAddress, PEER_ADDRESS_HEADER } from "./client-address";

const headers = (peer: string, forwarded?: string) =>
  new Headers({ [PEER_ADDRESS_HEADER]: peer, ...(forwarded ? { "x-forwarded-for": forwarded } : {}) });

describe("clientAddress", () => {
  it("is the socket address when no proxy is trusted, whatever X-Forwarded-For says", () => {
    expect(clientAddress(headers("198.51.100.1", "1.2.3.4"), 0)).toBe("198.51.100.1");
  });

  it("counts trusted proxies from the right", () => {
    expect(clientAddress(headers("10.0.0.1", "203.0.113.5"), 1)).toBe("203.0.113.5");
    expect(clientAddress(headers("10.0.0.1", "6.6.6.6, 203.0.113.5"), 1)).toBe("203.0.113.5");
    expect(clientAddress(headers("10.0.0.1", "6.6.6.6, 203.0.113.5, 10.0.0.9"), 2)).toBe("203.0.113.5");
  });

  it("never goes past the left end of the chain", () => {
    expect(clientAddress(headers("10.0.0.1"), 3)).toBe("10.0.0.1");
    expect(clientAddress(headers("10.0.0.1", "203.0.113.5"), 5)).toBe("203.0.113.5");
  });

  it("names an unknown peer rather than trusting nothing", () => {
    expect(clientAddress(new Headers(), 0)).toBe("unknown");
  });
});

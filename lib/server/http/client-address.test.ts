import { describe, expect, it } from "vitest";
import { clientAddress, limitKeyOf, PEER_ADDRESS_HEADER } from "./client-address";

const headers = (peer: string, forwarded?: string) =>
  new Headers({ [PEER_ADDRESS_HEADER]: peer, ...(forwarded ? { "x-forwarded-for": forwarded } : {}) });

describe("clientAddress", () => {
  it("is the socket address when no proxy is trusted, whatever X-Forwarded-For says", () => {
    expect(clientAddress(headers("198.51.100.1", "1.2.3.4"), 0, 64)).toBe("198.51.100.1");
  });

  it("counts trusted proxies from the right", () => {
    expect(clientAddress(headers("10.0.0.1", "203.0.113.5"), 1, 64)).toBe("203.0.113.5");
    expect(clientAddress(headers("10.0.0.1", "6.6.6.6, 203.0.113.5"), 1, 64)).toBe("203.0.113.5");
    expect(clientAddress(headers("10.0.0.1", "6.6.6.6, 203.0.113.5, 10.0.0.9"), 2, 64)).toBe("203.0.113.5");
  });

  it("never goes past the left end of the chain", () => {
    expect(clientAddress(headers("10.0.0.1"), 3, 64)).toBe("10.0.0.1");
    expect(clientAddress(headers("10.0.0.1", "203.0.113.5"), 5, 64)).toBe("203.0.113.5");
  });

  it("names an unknown peer rather than trusting nothing", () => {
    expect(clientAddress(new Headers(), 0, 64)).toBe("unknown");
  });

  it("counts an IPv6 client by its /64, and an IPv4 client seen through IPv6 by its IPv4 address", () => {
    const a = clientAddress(headers("2001:db8:1:2:aaaa:bbbb:cccc:dddd"), 0, 64);
    const b = clientAddress(headers("2001:db8:1:2::9"), 0, 64);
    expect(a).toBe("2001:db8:1:2:0:0:0:0/64");
    expect(b).toBe(a);
    expect(clientAddress(headers("2001:db8:1:3::9"), 0, 64)).not.toBe(a);
    expect(clientAddress(headers("::ffff:198.51.100.7"), 0, 64)).toBe("198.51.100.7");
    expect(clientAddress(headers("10.0.0.1", "2001:db8::1"), 1, 64)).toBe("2001:db8:0:0:0:0:0:0/64");
  });

  it("takes the prefix length from the setting, and leaves what is not an address as it is", () => {
    expect(limitKeyOf("2001:db8:1:2:3:4:5:6", 48)).toBe("2001:db8:1:0:0:0:0:0/48");
    expect(limitKeyOf("2001:db8:1:2:3:4:5:6", 128)).toBe("2001:db8:1:2:3:4:5:6/128");
    expect(limitKeyOf("2001:db8:1:ffff::", 56)).toBe("2001:db8:1:ff00:0:0:0:0/56");
    expect(limitKeyOf("[2001:db8::1]", 64)).toBe("2001:db8:0:0:0:0:0:0/64");
    expect(limitKeyOf("fe80::1%eth0", 64)).toBe("fe80:0:0:0:0:0:0:0/64");
    expect(limitKeyOf("unknown", 64)).toBe("unknown");
    expect(limitKeyOf("::1", 64)).toBe("0:0:0:0:0:0:0:0/64");
  });
});

import { describe, expect, it } from "vitest";
import { doublingRatio, repeatTo as repeat } from "@/test-support/time-ratio";
import { clientAddress, PEER_ADDRESS_HEADER } from "./client-address";
import { isValidSessionToken } from "@/lib/server/access/session";
import { SecretScrubber } from "@/lib/server/upstream/scrub-secret";
import { parseKnownHosts, isKnownHost } from "./known-hosts";

/**
 * The server's own checks of what arrives from the network (headers, cookies, the key scrubber
 * over a service's answer), on adversarial input of n and 2n characters (256 KB and 512 KB): the
 * time may double, not grow as the square.
 */

const SIZE = 256 * 1024;
const KEY = "sk-live-0123456789abcdef";

const parsedHosts = parseKnownHosts("images.example, .team.example");
if (!parsedHosts.ok) throw new Error(parsedHosts.problem);
const KNOWN = parsedHosts.hosts;

const ATTACKS: Record<string, (size: number) => string> = {
  "commas and spaces": (size) => repeat(", ", size),
  "colons (IPv6-like)": (size) => repeat("1:", size),
  "a long token": (size) => repeat("a", size),
  "cookie pairs": (size) => repeat("a=b; ", size),
  backslashes: (size) => repeat("\\", size),
  "escaped beginnings of the key": (size) => repeat("\\u0073k-live-01", size),
  "literal beginnings of the key": (size) => repeat("sk-live-0123", size),
  "base64 text": (size) => Buffer.from(repeat("x", Math.ceil((size * 3) / 4))).toString("base64"),
};

const checks: Record<string, (text: string) => unknown> = {
  "client address from X-Forwarded-For": (text) =>
    clientAddress(new Headers({ [PEER_ADDRESS_HEADER]: "10.0.0.1", "x-forwarded-for": text }), 2, 64),
  "session token": (text) => isValidSessionToken(text, { sessionSecret: "s", sessionHours: 1 }),
  "known hosts": (text) => isKnownHost(text, KNOWN),
};

// A pause of the machine can still spoil one measurement; a quadratic scan fails every try.
describe("server checks stay linear on hostile input", () => {
  for (const [checkName, check] of Object.entries(checks)) {
    it.each(Object.entries(ATTACKS))(`${checkName}: %s`, { retry: 2 }, (_, attack) => {
      expect(doublingRatio(check, attack, SIZE)).toBeLessThanOrEqual(3);
    });
  }
});

/**
 * The scrubber reads a service's answer as bytes off the network, so its input is made into bytes
 * before the clock starts: turning a string into fresh bytes costs whatever the allocator's path
 * costs (reused memory or fresh pages, tenfold apart, and 256 KB and 512 KB can land on different
 * paths), which says nothing about the scan.
 */
describe("the key scrubber stays linear on hostile answers", () => {
  const scrub = (bytes: Buffer) => {
    const scrubber = new SecretScrubber(KEY);
    return [scrubber.push(bytes), scrubber.flush()];
  };
  it.each(Object.entries(ATTACKS))("%s", { retry: 2 }, (_, attack) => {
    expect(doublingRatio(scrub, (size) => Buffer.from(attack(size)), SIZE)).toBeLessThanOrEqual(3);
  });
});

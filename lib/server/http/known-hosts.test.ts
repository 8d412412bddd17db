import { describe, expect, it } from "vitest";
import { hostNameOf, isKnownHost, NO_EXTRA_HOSTS, parseKnownHosts } from "./known-hosts";

const hosts = (setting: string) => {
  const parsed = parseKnownHosts(setting);
  if (!parsed.ok) throw new Error(parsed.problem);
  return parsed.hosts;
};

describe("known hosts", () => {
  it("answers loopback names and addresses, with or without a port", () => {
    for (const host of [
      "localhost",
      "localhost:3000",
      "LOCALHOST:3000",
      "app.localhost:3000",
      "127.0.0.1:3000",
      "127.8.9.10",
      "[::1]:3000",
      "[::1]",
    ]) {
      expect(isKnownHost(host, NO_EXTRA_HOSTS), host).toBe(true);
    }
  });

  it("refuses any other name, an empty Host, and names that only look like loopback", () => {
    for (const host of [
      "rebind.attacker.example:3000",
      "localhost.attacker.example",
      "127.0.0.1.attacker.example",
      "127.0.0.256",
      "0.0.0.0:3000",
      "192.168.1.20:3000",
      "[::2]:3000",
      "",
      null,
    ]) {
      expect(isKnownHost(host, NO_EXTRA_HOSTS), String(host)).toBe(false);
    }
  });

  it("answers the names PLAYGROUND_ALLOWED_HOSTS lists, and a domain given with a leading dot", () => {
    const allowed = hosts("playground.example.com, .team.example, 10.0.0.5, [fd00::5]");
    expect(isKnownHost("Playground.Example.com:443", allowed)).toBe(true);
    expect(isKnownHost("team.example", allowed)).toBe(true);
    expect(isKnownHost("a.b.team.example:8080", allowed)).toBe(true);
    expect(isKnownHost("10.0.0.5:3000", allowed)).toBe(true);
    expect(isKnownHost("[fd00::5]:3000", allowed)).toBe(true);
    expect(isKnownHost("evilteam.example", allowed)).toBe(false);
    expect(isKnownHost("other.example.com", allowed)).toBe(false);
  });

  it("refuses a setting with a scheme, a port or a path, naming the entry", () => {
    for (const entry of ["https://a.example", "a.example:3000", "a.example/x", "*.example.com"]) {
      expect(parseKnownHosts(entry)).toEqual({ ok: false, problem: expect.stringContaining(`"${entry}"`) });
    }
  });

  it("reads the name out of a Host header", () => {
    expect(hostNameOf("Example.com:80")).toBe("example.com");
    expect(hostNameOf("[::1]:3000")).toBe("::1");
    expect(hostNameOf("  ")).toBeNull();
  });
});

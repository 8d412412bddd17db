import { describe, expect, it } from "vitest";
import { endpointUrl, formsToTry, normaliseBaseUrl } from "./service-url";

describe("normaliseBaseUrl", () => {
  it.each([
    ["https://img.example.com", "https://img.example.com", "host"],
    ["https://img.example.com/", "https://img.example.com", "host"],
    ["https://img.example.com/api", "https://img.example.com", "api"],
    ["https://img.example.com/api/", "https://img.example.com", "api"],
    ["https://img.example.com/v1", "https://img.example.com", "host"],
    ["https://img.example.com/api/v1/", "https://img.example.com", "api"],
    ["https://img.example.com/v1/images/generations", "https://img.example.com", "host"],
    ["https://img.example.com/api/v1/images/generations/", "https://img.example.com", "api"],
    ["https://gw.example.com/tenant/api", "https://gw.example.com/tenant", "api"],
    ["  http://127.0.0.1:4010//  ", "http://127.0.0.1:4010", "host"],
  ])("%s → %s (%s form)", (raw, root, givenForm) => {
    expect(normaliseBaseUrl(raw)).toEqual({ root, givenForm });
  });

  it("never doubles a segment when building either form", () => {
    for (const raw of ["https://h.example", "https://h.example/api", "https://h.example/api/v1/images/generations"]) {
      const { root } = normaliseBaseUrl(raw);
      expect(endpointUrl(root, "host")).toBe("https://h.example/v1/images/generations");
      expect(endpointUrl(root, "api")).toBe("https://h.example/api/v1/images/generations");
    }
  });

  it.each(["ftp://h.example", "not a url", "https://user:pw@h.example"])("refuses %s", (raw) => {
    expect(() => normaliseBaseUrl(raw)).toThrow();
  });
});

describe("formsToTry", () => {
  it("auto tries the given form first, then the other", () => {
    expect(formsToTry("auto", "host")).toEqual(["host", "api"]);
    expect(formsToTry("auto", "api")).toEqual(["api", "host"]);
  });
  it("a fixed setting is the only form tried", () => {
    expect(formsToTry("host", "api")).toEqual(["host"]);
    expect(formsToTry("api", "host")).toEqual(["api"]);
  });
});

import { describe, expect, it } from "vitest";
import { classifyServiceError, extractServiceMessage } from "./service-error";

describe("classifyServiceError", () => {
  it.each([
    [401, "Incorrect API key provided: sk-…", "bad-key"],
    [403, "Forbidden", "bad-key"],
    [400, "Invalid bearer token", "bad-key"],
    [404, "The model `flux-9` does not exist", "unknown-model"],
    [400, "Unknown model: foo", "unknown-model"],
    [422, "aspect_ratio must be one of 1:1, 16:9", "bad-ratio"],
    [400, "Invalid size. Supported: 1024x1024", "bad-ratio"],
    [400, "Your request was rejected as a result of our safety system", "content-policy"],
    [403, "content_policy_violation", "content-policy"],
    [429, "Too many requests", "rate-limited"],
    [500, "Internal error", "service-error"],
    [503, "model overloaded, unknown model state", "service-error"],
    [404, "Not Found", "endpoint-not-found"],
    [405, "", "endpoint-not-found"],
    [302, "", "redirect"],
    [400, "prompt is required", "rejected"],
  ])("%i %j → %s", (status, text, expected) => {
    expect(classifyServiceError(status, text)).toBe(expected);
  });
});

describe("extractServiceMessage", () => {
  it.each([
    [{ error: { message: "Incorrect API key", type: "auth" } }, "Incorrect API key"],
    [{ error: "quota exceeded" }, "quota exceeded"],
    [{ message: "bad ratio" }, "bad ratio"],
    [{ detail: "Not authenticated" }, "Not authenticated"],
    [{ detail: [{ loc: ["body", "prompt"], msg: "field required" }] }, "field required"],
    [{ errors: [{ message: "first" }, { message: "second" }] }, "first"],
    [{ errors: ["plain"] }, "plain"],
    [{ title: "Unprocessable", status: 422 }, "Unprocessable"],
  ])("%j → %j", (body, message) => {
    expect(extractServiceMessage(body)).toBe(message);
  });

  it("returns null for shapes without a message", () => {
    expect(extractServiceMessage({ data: [] })).toBeNull();
    expect(extractServiceMessage("text")).toBeNull();
    expect(extractServiceMessage({ error: { message: "  " } })).toBeNull();
  });
});

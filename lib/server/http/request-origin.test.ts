import { describe, expect, it } from "vitest";
import { crossSiteReason } from "./request-origin";

const request = (headers: Record<string, string>) => new Request("http://play.example:3000/api/generate", { method: "POST", headers });

describe("crossSiteReason", () => {
  it("accepts same-origin requests and requests without browser headers", () => {
    expect(crossSiteReason(request({ origin: "http://play.example:3000", "sec-fetch-site": "same-origin" }), 0)).toBeNull();
    expect(crossSiteReason(request({ host: "play.example:3000", origin: "http://play.example:3000" }), 0)).toBeNull();
    expect(crossSiteReason(request({}), 0)).toBeNull();
  });

  it("refuses cross-site requests and foreign origins", () => {
    expect(crossSiteReason(request({ "sec-fetch-site": "cross-site" }), 0)).toMatch(/another site/);
    expect(crossSiteReason(request({ origin: "http://play.example:3001" }), 0)).toMatch(/came from/);
    expect(crossSiteReason(request({ origin: "http://evil.example", "sec-fetch-site": "same-site" }), 0)).toMatch(/came from/);
  });

  it("accepts an opaque origin only on the browser's own same-origin form posts", () => {
    expect(crossSiteReason(request({ origin: "null", "sec-fetch-site": "same-origin" }), 0)).toBeNull();
    expect(crossSiteReason(request({ origin: "null", "sec-fetch-site": "cross-site" }), 0)).not.toBeNull();
    expect(crossSiteReason(request({ origin: "null" }), 0)).not.toBeNull();
  });

  it("uses the forwarded host only behind trusted proxies", () => {
    const proxied = { host: "internal:3000", "x-forwarded-host": "play.example", origin: "https://play.example" };
    expect(crossSiteReason(request(proxied), 1)).toBeNull();
    expect(crossSiteReason(request(proxied), 0)).not.toBeNull();
  });
});

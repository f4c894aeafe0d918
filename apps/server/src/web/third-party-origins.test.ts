import { placeholderSiteConfig, type SiteConfig } from "@upwatch/core";
import { describe, expect, it } from "vitest";
import { thirdPartyOrigins } from "./third-party-origins.ts";

const base: SiteConfig = {
  ...placeholderSiteConfig(),
  analyticsProvider: "none",
  analyticsId: "",
  adPixelId: "",
};

describe("the third-party origins a page may load from", () => {
  it("are none on a default install", () => {
    expect(thirdPartyOrigins(base)).toEqual({ scripts: [], connections: [], images: [] });
  });

  it("allow Google Analytics only when it is the provider and has an id", () => {
    const gtag = thirdPartyOrigins({ ...base, analyticsProvider: "gtag", analyticsId: "G-1" });
    expect(gtag.scripts).toEqual(["https://www.googletagmanager.com"]);
    const notChosen = thirdPartyOrigins({ ...base, analyticsProvider: "none", analyticsId: "G-1" });
    expect(notChosen.scripts).toEqual([]);
  });

  it("allow the Meta pixel when it has an id, except with the test recorder", () => {
    expect(thirdPartyOrigins({ ...base, adPixelId: "123" }).scripts).toEqual([
      "https://connect.facebook.net",
    ]);
    const recorded = thirdPartyOrigins({ ...base, analyticsProvider: "record", adPixelId: "123" });
    expect(recorded.scripts).toEqual([]);
  });
});

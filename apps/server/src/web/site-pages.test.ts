import {
  placeholderSiteConfig,
  SITE_CONFIG_JSON_TOKEN,
  type SiteConfig,
  siteConfigToken,
} from "@upwatch/core";
import { describe, expect, it } from "vitest";
import { applySiteConfig } from "./site-pages.ts";

const config: SiteConfig = {
  ...placeholderSiteConfig(),
  publicUrl: "https://status.example.com",
  supportEmail: "help+ops@example.com",
  appUrl: "https://app.example.com/a'b\"c",
};

describe("filling the run-time config into prerendered pages", () => {
  it("puts each value where its placeholder stood", () => {
    const html = `<link rel="canonical" href="${siteConfigToken("publicUrl")}/contact"/><p>${siteConfigToken("supportEmail")}</p>`;
    expect(applySiteConfig(html, config)).toBe(
      '<link rel="canonical" href="https://status.example.com/contact"/><p>help+ops@example.com</p>',
    );
  });

  it("escapes values so they cannot break out of an attribute", () => {
    const html = `<a href="${siteConfigToken("appUrl")}/login">`;
    expect(applySiteConfig(html, config)).toBe(
      '<a href="https://app.example.com/a&#39;b&quot;c/login">',
    );
  });

  it("writes the config as JSON that cannot close its script element", () => {
    const html = `<script type="application/json">${SITE_CONFIG_JSON_TOKEN}</script>`;
    const filled = applySiteConfig(html, { ...config, supportEmail: "</script><b>@x" });
    const json = filled.slice(filled.indexOf(">") + 1, filled.lastIndexOf("</script>"));
    expect(json).not.toContain("</script>");
    expect(JSON.parse(json).supportEmail).toBe("</script><b>@x");
  });
});

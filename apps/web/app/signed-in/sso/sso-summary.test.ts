import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { SsoConfig } from "./sso-api.ts";
import { SsoSummary } from "./sso-summary.tsx";

const config: SsoConfig = {
  configured: true,
  issuer: "https://login.example.com",
  client_id: "upwatch",
  client_secret_set: true,
  domains: ["example.com", "example.org"],
  domain_verifications: [],
  default_role: "custom",
  default_custom_role_id: "crl_oncall",
  required: true,
  redirect_uri: "https://upwatch.example.com/api/v1/auth/sso/callback",
};

describe("single sign-on as seen by people other than the owner", () => {
  it("shows the settings without anything to change or save", () => {
    const html = renderToStaticMarkup(createElement(SsoSummary, { config, roleLabel: "On-call" }));
    expect(html).toContain("https://login.example.com");
    expect(html).toContain("example.com, example.org");
    expect(html).toContain("On-call");
    expect(html).toContain("members other than the owner cannot sign in with a password");
    expect(html).not.toMatch(/<(input|select|textarea|button|form)\b/);
  });

  it("says only the owner can set it up while it is not set up", () => {
    const html = renderToStaticMarkup(
      createElement(SsoSummary, { config: { ...config, configured: false }, roleLabel: "Viewer" }),
    );
    expect(html).toBe(
      "<p>Single sign-on is not set up. Only the account&#x27;s owner can set it up.</p>",
    );
  });
});

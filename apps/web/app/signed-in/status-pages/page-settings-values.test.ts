import { STATUS_PAGE_LIMITS } from "@upwatch/core";
import { describe, expect, it } from "vitest";
import {
  addressProblem,
  bytesToBase64,
  dnsRecordOf,
  logoProblem,
  refusedField,
  type SettingsValues,
  settingsPayload,
  settingsProblems,
  slugFromName,
} from "./page-settings-values.ts";

const values: SettingsValues = {
  name: "Acme Cloud",
  slug: "Acme-Cloud",
  headline: "  Live status of Acme. ",
  accentColor: "#2563EB",
  websiteUrl: "https://acme.example",
  supportUrl: "",
  whiteLabel: true,
  customDomain: "Status.Acme.example",
};

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

describe("a status page's settings", () => {
  it("suggests a slug from the page's name", () => {
    expect(slugFromName("Acme Cloud")).toBe("acme-cloud");
    expect(slugFromName("  Café & Co. — Status!  ")).toBe("cafe-co-status");
    expect(slugFromName("x".repeat(80)).length).toBe(STATUS_PAGE_LIMITS.slugChars);
  });

  it("explains a bad address in the form's words, naming the Address field", () => {
    expect(addressProblem("acme-shop")).toBeUndefined();
    expect(addressProblem("Acme Shop")).toBe(
      "The address must be 2 to 48 lower-case letters, digits and hyphens, starting and ending with a letter or digit.",
    );
    expect(addressProblem("")).toMatch(/^Choose the address/);
  });

  it("turns a typed address into the one the page gets, as it does a name", () => {
    expect(slugFromName("Acme Shop")).toBe("acme-shop");
  });

  it("finds no problem in good values and names each bad field with a sentence", () => {
    expect(Object.values(settingsProblems(values)).filter(Boolean)).toEqual([]);
    const problems = settingsProblems({
      ...values,
      name: " ",
      slug: "api",
      accentColor: "blue",
      websiteUrl: "acme.example",
      customDomain: "https://status.acme.example/",
    });
    expect(problems.name).toMatch(/name/);
    expect(problems.slug).toBe(
      `The address "api" is kept for Upwatch's own pages; choose another.`,
    );
    expect(problems.accentColor).toMatch(/#2563eb/);
    expect(problems.websiteUrl).toMatch(/https:\/\//);
    expect(problems.customDomain).toMatch(/status\.example\.com/);
  });

  it("sends empty links as none and leaves white-label fields out on plans without them", () => {
    expect(settingsPayload(values, false)).toEqual({
      name: "Acme Cloud",
      slug: "acme-cloud",
      headline: "Live status of Acme.",
      accent_color: "#2563eb",
      website_url: "https://acme.example",
      support_url: null,
    });
    expect(settingsPayload(values, true)).toMatchObject({
      white_label: true,
      custom_domain: "status.acme.example",
    });
  });

  it("puts a server's refusal under the field it is about", () => {
    expect(refusedField('Another status page already uses the slug "acme".')).toBe("slug");
    expect(refusedField("custom_domain must be a host name.")).toBe("customDomain");
    expect(refusedField("White-label pages are part of the Enterprise+ plan.")).toBe("whiteLabel");
    expect(refusedField("Something else went wrong.")).toBe("form");
  });

  it("gives the DNS record that points a custom domain at the server's public host", () => {
    expect(dnsRecordOf("status.acme.example", "https://upwatch.example.net/status/acme")).toEqual({
      type: "CNAME",
      name: "status.acme.example",
      target: "upwatch.example.net",
    });
  });

  it("accepts PNG, JPEG and WebP logos up to the size limit and refuses anything else", () => {
    expect(logoProblem(Uint8Array.from(PNG))).toBeUndefined();
    expect(logoProblem(Uint8Array.from([0xff, 0xd8, 0xff, 0xe0]))).toBeUndefined();
    expect(logoProblem(new TextEncoder().encode("<svg></svg>"))).toMatch(/PNG, JPEG or WebP/);
    expect(logoProblem(new Uint8Array(0))).toMatch(/empty/);
    const big = new Uint8Array(STATUS_PAGE_LIMITS.logoBytes + 1);
    big.set(PNG);
    expect(logoProblem(big)).toMatch(/at most 256 KiB/);
  });

  it("encodes a logo's bytes as base64, however large", () => {
    expect(bytesToBase64(Uint8Array.from(PNG))).toBe("iVBORw0KGgo=");
    const big = new Uint8Array(100_000).fill(65);
    expect(atob(bytesToBase64(big))).toBe("A".repeat(100_000));
  });
});

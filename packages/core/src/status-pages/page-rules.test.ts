import { describe, expect, it } from "vitest";
import { CUSTOM_DOMAIN_PATTERN, slugProblem, sniffLogoType } from "./page-rules.ts";

describe("status page rules", () => {
  it("accept short lower-case slugs with inner hyphens", () => {
    for (const slug of ["acme", "acme-cloud", "a1", "status-2026"]) {
      expect(slugProblem(slug)).toBeUndefined();
    }
  });

  it("refuse slugs that are malformed or reserved, in a sentence", () => {
    for (const slug of ["", "a", "Acme", "-acme", "acme-", "ac--me", "ac me", "a".repeat(49)]) {
      expect(slugProblem(slug)).toMatch(/^slug must be 2 to 48/);
    }
    expect(slugProblem("admin")).toBe('slug "admin" is reserved; choose another.');
  });

  it("accept host names as custom domains, never addresses with ports or paths", () => {
    expect(CUSTOM_DOMAIN_PATTERN.test("status.example.com")).toBe(true);
    expect(CUSTOM_DOMAIN_PATTERN.test("status.example.com:8080")).toBe(false);
    expect(CUSTOM_DOMAIN_PATTERN.test("example.com/status")).toBe(false);
    expect(CUSTOM_DOMAIN_PATTERN.test("localhost")).toBe(false);
    expect(CUSTOM_DOMAIN_PATTERN.test("127.0.0.1")).toBe(false);
  });

  it("tell a logo's type from its first bytes, not from what it claims to be", () => {
    const png = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]);
    const jpeg = Uint8Array.from([0xff, 0xd8, 0xff, 0xe0]);
    const webp = new TextEncoder().encode("RIFF\0\0\0\0WEBPVP8 ");
    const svg = new TextEncoder().encode("<svg xmlns='http://www.w3.org/2000/svg'/>");
    expect(sniffLogoType(png)).toBe("image/png");
    expect(sniffLogoType(jpeg)).toBe("image/jpeg");
    expect(sniffLogoType(webp)).toBe("image/webp");
    expect(sniffLogoType(svg)).toBeUndefined();
    expect(sniffLogoType(new Uint8Array())).toBeUndefined();
  });
});

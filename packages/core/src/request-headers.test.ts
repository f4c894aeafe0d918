import { describe, expect, it } from "vitest";
import { headerValue, isSecretHeader } from "./request-headers.ts";

describe("secret request headers", () => {
  it.each([
    ["Cookie", true],
    ["Authorization", true],
    ["proxy-authorization", true],
    ["X-Api-Key", true],
    ["X-Auth-Token", true],
    ["X-Client-Secret", true],
    ["X-Session-Id", true],
    ["X-Password", true],
    ["X-Credentials", true],
    ["Accept", false],
    ["User-Agent", false],
    ["X-Probe", false],
  ])("treats the value of %s as a secret: %s", (name, secret) => {
    expect(isSecretHeader(name, "value")).toBe(secret);
  });

  it("treats any header marked secret as a secret, and sends its value", () => {
    expect(isSecretHeader("X-Tenant", { value: "acme", secret: true })).toBe(true);
    expect(isSecretHeader("X-Tenant", { value: "acme", secret: false })).toBe(false);
    expect(headerValue({ value: "acme", secret: true })).toBe("acme");
    expect(headerValue("plain")).toBe("plain");
  });
});

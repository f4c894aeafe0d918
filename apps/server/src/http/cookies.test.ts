import { describe, expect, it } from "vitest";
import { readCookie, serializeCookie } from "./cookies.ts";

describe("cookies", () => {
  it("finds one cookie among others, whatever the spacing", () => {
    const header = "theme=dark;upwatch_session=abc-123 ;  other=x%3Dy";
    expect(readCookie(header, "upwatch_session")).toBe("abc-123");
    expect(readCookie(header, "other")).toBe("x=y");
    expect(readCookie(header, "session")).toBeUndefined();
    expect(readCookie(undefined, "upwatch_session")).toBeUndefined();
  });

  it("keeps a value that is not valid percent-encoding as it came", () => {
    expect(readCookie("a=%E0%A4%A", "a")).toBe("%E0%A4%A");
  });

  it("writes an HttpOnly, SameSite=Lax cookie for the whole site, Secure only when asked", () => {
    const plain = serializeCookie("upwatch_session", "tok", { maxAgeSeconds: 60, secure: false });
    expect(plain).toMatch(
      /^upwatch_session=tok; Path=\/; HttpOnly; SameSite=Lax; Max-Age=60; Expires=/,
    );
    expect(plain).not.toContain("Secure");
    const secure = serializeCookie("upwatch_session", "", { maxAgeSeconds: 0, secure: true });
    expect(secure).toContain("Max-Age=0; Expires=Thu, 01 Jan 1970 00:00:00 GMT; Secure");
  });
});

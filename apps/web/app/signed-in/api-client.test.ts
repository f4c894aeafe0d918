import { describe, expect, it } from "vitest";
import { ApiError, errorDetail, loginPath, safeNextPath } from "./api-client.ts";

describe("where signing in leads", () => {
  it("follows next to a screen of the app, keeping its query", () => {
    expect(safeNextPath("/app/settings")).toBe("/app/settings");
    expect(safeNextPath("/app/monitors/mon_1?range=7d")).toBe("/app/monitors/mon_1?range=7d");
    expect(safeNextPath("/app")).toBe("/app");
  });

  it("goes to the app's first screen for anything outside the app or on another site", () => {
    for (const next of [
      null,
      "",
      "https://evil.example/app",
      "//evil.example/app",
      "/\\evil.example/app",
      "javascript:alert(1)",
      "/contact",
      "/application",
      "/app/../contact",
      "/app/login",
      "/app/register",
    ]) {
      expect(safeNextPath(next), String(next)).toBe("/app");
    }
  });

  it("sends a signed-out visitor to log in with the screen they wanted", () => {
    expect(loginPath("/app/settings?x=1")).toBe("/app/login?next=%2Fapp%2Fsettings%3Fx%3D1");
    expect(loginPath("/app")).toBe("/app/login");
    expect(loginPath()).toBe("/app/login");
  });
});

describe("the sentence shown for a failed request", () => {
  it("is the API's detail when the API answered", () => {
    expect(errorDetail(new ApiError(409, "That address is taken."))).toBe("That address is taken.");
  });

  it("is the error as text otherwise", () => {
    expect(errorDetail(new TypeError("Failed to parse"))).toBe("TypeError: Failed to parse");
  });
});

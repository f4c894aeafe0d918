import { describe, expect, it } from "vitest";
import { statusPagesUsable } from "./status-pages-usable.ts";

describe("whether an account can work on status pages", () => {
  it("can on every plan that includes them, pages or not", () => {
    expect(statusPagesUsable("hobby", 0)).toBe(true);
    expect(statusPagesUsable("enterprise", undefined)).toBe(true);
  });

  it("can on Free only with pages kept from a larger plan", () => {
    expect(statusPagesUsable("free", 0)).toBe(false);
    expect(statusPagesUsable("free", undefined)).toBe(false);
    expect(statusPagesUsable("free", 1)).toBe(true);
  });
});

import { describe, expect, it } from "vitest";
import { formatPercent } from "./format.ts";

describe("formatPercent", () => {
  it("shows every uptime the same way: rounded down to two decimals, without trailing zeros", () => {
    expect(formatPercent(100)).toBe("100%");
    expect(formatPercent(0)).toBe("0%");
    expect(formatPercent(20)).toBe("20%");
    expect(formatPercent(99.9)).toBe("99.9%");
    expect(formatPercent(99.956)).toBe("99.95%");
    expect(formatPercent(99.999)).toBe("99.99%");
  });

  it("shows an en dash when there were no checks", () => {
    expect(formatPercent(null)).toBe("–");
  });
});

import { describe, expect, it } from "vitest";
import { formatBytes, formatLoad, formatRate, formatShare } from "./agent-figures.ts";

describe("agent figures", () => {
  it("writes bytes in powers of 1,024 with one decimal under ten", () => {
    expect(formatBytes(512)).toBe("512 B");
    expect(formatBytes(1536)).toBe("1.5 KB");
    expect(formatBytes(16 * 1024 ** 3)).toBe("16 GB");
    expect(formatBytes(null)).toBe("–");
  });

  it("writes rates, shares and loads briefly", () => {
    expect(formatRate(2048)).toBe("2.0 KB/s");
    expect(formatShare(42.4)).toBe("42%");
    expect(formatShare(7.46)).toBe("7.5%");
    expect(formatShare(0)).toBe("0%");
    expect(formatLoad(0.4219)).toBe("0.42");
  });
});

import { describe, expect, it } from "vitest";
import { formatRows, parseSince } from "./export-format.ts";

describe("exports for operators", () => {
  it("quotes CSV cells with commas, quotes and line breaks", () => {
    const csv = formatRows([{ a: 'He said "hi", then left', b: "line\nbreak" }], ["a", "b"], "csv");
    expect(csv).toBe('a,b\r\n"He said ""hi"", then left","line\nbreak"\r\n');
  });

  it("defuses cells a spreadsheet would run as formulas", () => {
    expect(formatRows([{ a: "=HYPERLINK(1)" }], ["a"], "csv")).toBe("a\r\n'=HYPERLINK(1)\r\n");
  });

  it("reads relative and absolute --since values and explains a bad one", () => {
    const now = Date.UTC(2024, 11, 31);
    expect(parseSince("7d", now)).toBe(now - 7 * 86_400_000);
    expect(parseSince("30m", now)).toBe(now - 1_800_000);
    expect(parseSince("2024-12-01", now)).toBe(Date.UTC(2024, 11, 1));
    expect(() => parseSince("last week", now)).toThrow(
      '--since must look like 7d, 24h, 30m or 2024-12-31 (got "last week").',
    );
  });
});

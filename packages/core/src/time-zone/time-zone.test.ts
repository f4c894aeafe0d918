import { describe, expect, it } from "vitest";
import {
  canonicalTimeZone,
  DEFAULT_TIME_ZONE,
  timeZoneNames,
  timeZoneSchema,
} from "./time-zone.ts";

describe("account time zones", () => {
  it("accepts IANA names in any letter case and answers their canonical spelling", () => {
    expect(canonicalTimeZone("europe/berlin")).toBe("Europe/Berlin");
    expect(canonicalTimeZone("UTC")).toBe("UTC");
    expect(canonicalTimeZone("America/New_York")).toBe("America/New_York");
  });

  it("refuses unknown names, empty text and fixed offsets that ignore summer time", () => {
    expect(canonicalTimeZone("Mars/Olympus_Mons")).toBeUndefined();
    expect(canonicalTimeZone("")).toBeUndefined();
    expect(canonicalTimeZone("+01:00")).toBeUndefined();
    expect(canonicalTimeZone("x".repeat(200))).toBeUndefined();
  });

  it("offers UTC first among the names to choose from, and every offered name is accepted", () => {
    const names = timeZoneNames();
    expect(names[0]).toBe(DEFAULT_TIME_ZONE);
    expect(names).toContain("Europe/Berlin");
    for (const name of names) expect(canonicalTimeZone(name)).toBeDefined();
  });

  it("explains a refused name in a sentence", () => {
    const result = timeZoneSchema.safeParse("Nowhere/Land");
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(
      '"Nowhere/Land" is not a time zone this server knows; use an IANA name such as Europe/Berlin or America/New_York.',
    );
    expect(timeZoneSchema.parse(" asia/tokyo ")).toBe("Asia/Tokyo");
  });
});

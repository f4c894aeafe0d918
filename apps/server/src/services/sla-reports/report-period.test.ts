import { describe, expect, it } from "vitest";
import { ServiceError } from "../service-error.ts";
import { calendarMonthPeriod, customPeriod, monthOf, previousMonth } from "./report-period.ts";

describe("report periods", () => {
  it("runs a UTC month from its first midnight to the next month's", () => {
    const period = calendarMonthPeriod("UTC", "2026-11");
    expect(new Date(period.from).toISOString()).toBe("2026-11-01T00:00:00.000Z");
    expect(new Date(period.to).toISOString()).toBe("2026-12-01T00:00:00.000Z");
  });

  it("starts a month at local midnight, summer time included", () => {
    const march = calendarMonthPeriod("Europe/Berlin", "2026-03");
    expect(new Date(march.from).toISOString()).toBe("2026-02-28T23:00:00.000Z");
    expect(new Date(march.to).toISOString()).toBe("2026-03-31T22:00:00.000Z");
    const december = calendarMonthPeriod("America/New_York", "2026-12");
    expect(new Date(december.to).toISOString()).toBe("2027-01-01T05:00:00.000Z");
  });

  it("names the month an instant is in, in the account's zone", () => {
    const lateUtc = Date.parse("2026-11-30T23:30:00Z");
    expect(monthOf("UTC", lateUtc)).toBe("2026-11");
    expect(monthOf("Europe/Berlin", lateUtc)).toBe("2026-12");
    expect(previousMonth("2026-01")).toBe("2025-12");
  });

  it("refuses a month written another way and a range that ends before it starts", () => {
    expect(() => calendarMonthPeriod("UTC", "11/2026")).toThrow(ServiceError);
    expect(() => calendarMonthPeriod("UTC", "2026-13")).toThrow("write it as 2026-11");
    expect(() => customPeriod("UTC", 10, 5)).toThrow("must end after it starts");
    expect(() => customPeriod("UTC", 0, 500 * 86_400_000)).toThrow("at most 400 days");
  });
});

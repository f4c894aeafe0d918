import { describe, expect, it } from "vitest";
import {
  fromLocalInput,
  suggestedWindow,
  toLocalInput,
  windowProblems,
} from "./maintenance-times.ts";

const now = new Date(2026, 10, 24, 10, 20).getTime();

describe("maintenance times in the browser's time zone", () => {
  it("shows a stored time in the field and sends the field's time back unchanged", () => {
    const local = "2026-12-01T02:30";
    const iso = fromLocalInput(local);
    expect(iso).toBe(new Date(2026, 11, 1, 2, 30).toISOString());
    expect(toLocalInput(iso ?? "")).toBe(local);
  });

  it("treats an empty or malformed field as no time", () => {
    expect(fromLocalInput("")).toBeUndefined();
    expect(fromLocalInput("tomorrow")).toBeUndefined();
  });

  it("suggests the next full hour, for one hour", () => {
    expect(suggestedWindow(now)).toEqual({ start: "2026-11-24T11:00", end: "2026-11-24T12:00" });
  });
});

describe("checking a maintenance window before it is sent", () => {
  it("accepts a window of up to 7 days that ends in the future", () => {
    expect(windowProblems("2026-11-25T02:00", "2026-12-02T02:00", now, true)).toEqual({});
  });

  it("asks for both times", () => {
    expect(windowProblems("", "2026-11-25T02:00", now, true).starts_at).toMatch(/starts/);
    expect(windowProblems("2026-11-25T02:00", "", now, true).ends_at).toMatch(/ends/);
  });

  it("refuses an end before the start, a window over 7 days, and one that is already over", () => {
    expect(windowProblems("2026-11-25T02:00", "2026-11-25T01:00", now, true).ends_at).toBe(
      "The end must be after the start.",
    );
    expect(windowProblems("2026-11-25T02:00", "2026-12-02T02:01", now, true).ends_at).toBe(
      "A maintenance window can last at most 7 days.",
    );
    expect(windowProblems("2026-11-20T02:00", "2026-11-20T03:00", now, true).ends_at).toBe(
      "The end must be in the future.",
    );
  });

  it("refuses a window more than a year ahead", () => {
    expect(windowProblems("2027-12-01T02:00", "2027-12-01T03:00", now, true).starts_at).toMatch(
      /at most a year ahead/,
    );
  });
});

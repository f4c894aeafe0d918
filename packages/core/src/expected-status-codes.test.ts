import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  describeExpectedStatus,
  isExpectedStatus,
  parseExpectedStatusText,
} from "./expected-status-codes.ts";
import { httpOptionsSchema, keywordOptionsSchema } from "./monitor-options.ts";

const codesOf = (value: unknown) => httpOptionsSchema.safeParse({ expected_status_codes: value });
const problemOf = (value: unknown) => codesOf(value).error?.issues[0]?.message;

describe("expected status codes", () => {
  it("keep a stored list of plain numbers exactly as it was", () => {
    expect(codesOf([200, 204]).data?.expected_status_codes).toEqual([200, 204]);
    expect(httpOptionsSchema.parse({}).expected_status_codes).toEqual([]);
  });

  it("accept ranges beside codes, written tidily whatever the spacing", () => {
    const parsed = codesOf([200, " 301 - 308 ", "404", "500-500"]).data;
    expect(parsed?.expected_status_codes).toEqual([200, "301-308", 404, 500]);
    const keyword = keywordOptionsSchema.parse({
      keyword: "ok",
      expected_status_codes: ["200-204"],
    });
    expect(keyword.expected_status_codes).toEqual(["200-204"]);
  });

  it("refuse a reversed range, naming the order to write", () => {
    expect(problemOf(["299-200"])).toBe(
      "The range 299-200 is reversed: write the lower code first (200-299).",
    );
  });

  it("refuse codes and ranges outside 100 to 599", () => {
    expect(problemOf([99])).toBe(
      "99 is not a status code: status codes are whole numbers from 100 to 599.",
    );
    expect(problemOf([200.5])).toMatch(/^200.5 is not a status code/);
    expect(problemOf(["500-600"])).toBe("The range 500-600 goes outside status codes 100 to 599.");
    expect(problemOf(["2xx"])).toBe(
      '"2xx" is not a status code or a range: write a code such as 204 or a range such as 200-299.',
    );
  });

  it("refuse more than 50 entries", () => {
    const many = Array.from({ length: 51 }, (_, index) => 200 + index);
    expect(problemOf(many)).toBe("List at most 50 expected status codes or ranges.");
    expect(codesOf(many.slice(0, 50)).success).toBe(true);
  });

  it("expect any 2xx when the list is empty, and nothing else", () => {
    expect(isExpectedStatus(200, [])).toBe(true);
    expect(isExpectedStatus(299, [])).toBe(true);
    expect(isExpectedStatus(301, [])).toBe(false);
    expect(isExpectedStatus(199, [])).toBe(false);
    expect(describeExpectedStatus([])).toBe("any 2xx");
  });

  it("match a code inside a range, its ends included, and only those", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 100, max: 599 }),
        fc.integer({ min: 100, max: 599 }),
        fc.integer({ min: 100, max: 599 }),
        (a, b, code) => {
          const [from, to] = a <= b ? [a, b] : [b, a];
          const entries = codesOf([`${from}-${to}`]).data?.expected_status_codes ?? [];
          expect(isExpectedStatus(code, entries)).toBe(code >= from && code <= to);
        },
      ),
    );
  });

  it("read what a person types in the form, with commas or spaces", () => {
    expect(parseExpectedStatusText("200, 301 - 308 404")).toEqual({
      entries: [200, "301-308", 404],
    });
    expect(parseExpectedStatusText("  ")).toEqual({ entries: [] });
    expect(parseExpectedStatusText("200, 404-400")).toEqual({
      problem: "The range 404-400 is reversed: write the lower code first (400-404).",
    });
  });

  it("parse their own output to the same value, as the check messages do", () => {
    const once = httpOptionsSchema.parse({ expected_status_codes: [" 200 -299", 404] });
    expect(httpOptionsSchema.parse(once)).toEqual(once);
  });
});

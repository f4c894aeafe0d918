import { z } from "zod";

/** One expected status: a code such as `204`, or an inclusive range such as `"200-299"`. */
export type ExpectedStatus = number | `${number}-${number}`;

/** The most entries a monitor's list of expected status codes may hold. */
export const MAX_EXPECTED_STATUS_ENTRIES = 50;

const LOWEST = 100;
const HIGHEST = 599;
const RANGE = /^\s*(\d{1,4})\s*-\s*(\d{1,4})\s*$/;
const CODE = /^\s*(\d{1,4})\s*$/;

type Reading = { entry: ExpectedStatus } | { problem: string };

function outOfBounds(code: number): boolean {
  return !Number.isInteger(code) || code < LOWEST || code > HIGHEST;
}

/** Reads one entry (a number, `"404"` or `"200-299"`) into its canonical form, or says why not. */
export function readExpectedStatus(value: unknown): Reading {
  if (typeof value === "number") {
    return outOfBounds(value)
      ? {
          problem: `${value} is not a status code: status codes are whole numbers from 100 to 599.`,
        }
      : { entry: value };
  }
  if (typeof value !== "string") {
    return { problem: 'Each expected status is a code such as 204 or a range such as "200-299".' };
  }
  const single = CODE.exec(value);
  if (single) return readExpectedStatus(Number(single[1]));
  const range = RANGE.exec(value);
  if (!range) {
    return {
      problem: `"${value.slice(0, 40)}" is not a status code or a range: write a code such as 204 or a range such as 200-299.`,
    };
  }
  const from = Number(range[1]);
  const to = Number(range[2]);
  if (outOfBounds(from) || outOfBounds(to)) {
    return { problem: `The range ${from}-${to} goes outside status codes 100 to 599.` };
  }
  if (from > to) {
    return {
      problem: `The range ${from}-${to} is reversed: write the lower code first (${to}-${from}).`,
    };
  }
  return { entry: from === to ? from : `${from}-${to}` };
}

const entrySchema = z
  .union([z.number(), z.string().max(20)])
  .superRefine((value, context) => {
    const reading = readExpectedStatus(value);
    if ("problem" in reading) context.addIssue({ code: "custom", message: reading.problem });
  })
  .transform((value) => (readExpectedStatus(value) as { entry: ExpectedStatus }).entry);

/**
 * The expected status codes of an HTTP or keyword monitor: codes and inclusive ranges, such as
 * `[200, "301-308", 404]`. A list of plain numbers, as monitors always stored, stays valid.
 */
export const expectedStatusCodesSchema = z
  .array(entrySchema)
  .max(MAX_EXPECTED_STATUS_ENTRIES, {
    message: `List at most ${MAX_EXPECTED_STATUS_ENTRIES} expected status codes or ranges.`,
  })
  .default([]);

/** Whether a status code is expected; an empty list expects any 2xx, as the help centre says. */
export function isExpectedStatus(code: number, expected: readonly ExpectedStatus[]): boolean {
  if (expected.length === 0) return code >= 200 && code <= 299;
  return expected.some((entry) => {
    if (typeof entry === "number") return entry === code;
    const [from, to] = entry.split("-").map(Number) as [number, number];
    return code >= from && code <= to;
  });
}

/** The expected codes as a person writes them: `200, 301-308`, or `any 2xx` when empty. */
export function describeExpectedStatus(expected: readonly ExpectedStatus[]): string {
  return expected.length ? expected.join(", ") : "any 2xx";
}

/**
 * Reads what a person typed (`200, 301-308 404`) into entries, or the first problem found.
 * Commas or spaces separate entries; spaces around a range's dash are allowed.
 */
export function parseExpectedStatusText(
  text: string,
): { entries: ExpectedStatus[] } | { problem: string } {
  const parts = text
    .replace(/\s*-\s*/g, "-")
    .split(/[\s,;]+/)
    .filter(Boolean);
  if (parts.length > MAX_EXPECTED_STATUS_ENTRIES) {
    return {
      problem: `List at most ${MAX_EXPECTED_STATUS_ENTRIES} expected status codes or ranges.`,
    };
  }
  const entries: ExpectedStatus[] = [];
  for (const part of parts) {
    const reading = readExpectedStatus(part);
    if ("problem" in reading) return reading;
    entries.push(reading.entry);
  }
  return { entries };
}

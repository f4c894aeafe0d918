import { STATUS_CODES } from "node:http";
import { describeExpectedStatus, type ExpectedStatus, isExpectedStatus } from "@upwatch/core";

/** Null when the status code is expected, else the sentence saying why the check is down. */
export function unexpectedStatus(
  statusCode: number,
  expected: readonly ExpectedStatus[],
): string | null {
  if (isExpectedStatus(statusCode, expected)) return null;
  const answered = `${statusCode}${STATUS_CODES[statusCode] ? ` ${STATUS_CODES[statusCode]}` : ""}`;
  const wanted = expected.length ? describeExpectedStatus(expected) : "a 2xx status";
  return `Expected ${wanted} but the server answered ${answered}.`;
}

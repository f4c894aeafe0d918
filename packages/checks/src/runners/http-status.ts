import { STATUS_CODES } from "node:http";

/** Null when the status code is expected, else the sentence saying why the check is down. */
export function unexpectedStatus(statusCode: number, expected: readonly number[]): string | null {
  const ok = expected.length
    ? expected.includes(statusCode)
    : statusCode >= 200 && statusCode < 400;
  if (ok) return null;
  const answered = `${statusCode}${STATUS_CODES[statusCode] ? ` ${STATUS_CODES[statusCode]}` : ""}`;
  const wanted = expected.length ? expected.join(", ") : "a 2xx or 3xx status";
  return `Expected ${wanted} but the server answered ${answered}.`;
}

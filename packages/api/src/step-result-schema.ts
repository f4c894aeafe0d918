import { STEP_TYPES } from "@upwatch/core";
import { z } from "zod";

const ms = z.number().nullable();

/** One step of a multi-step run, as stored with the check; secure values are masked. */
export const stepResultResponse = z.object({
  name: z.string(),
  type: z.enum(STEP_TYPES),
  status: z.enum(["passed", "failed", "skipped"]),
  path: z
    .enum(["normal", "failure", "completion"])
    .describe("normal, or the dependency type the step ran for"),
  startedMs: z.number().describe("From the start of the run to the start of the step"),
  durationMs: z.number(),
  request: z
    .object({ method: z.string(), url: z.string() })
    .nullable()
    .describe("http_request: the request as sent, variables filled in"),
  statusCode: z.number().int().nullable(),
  timings: z.object({ dnsMs: ms, connectMs: ms, tlsMs: ms, firstByteMs: ms }).nullable(),
  actual: z.string().nullable().describe("assertion: the value found; extract: the value stored"),
  expected: z.string().nullable(),
  variables: z.array(z.string()).nullable().describe("extract and script: the variables set"),
  logs: z.array(z.string()).nullable().describe("script: what console.log wrote"),
  error: z.string().nullable().describe("Why the step failed or was skipped"),
});

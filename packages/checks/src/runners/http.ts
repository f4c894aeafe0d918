import type { CheckOutcome } from "@upwatch/core";
import { type CheckRunner, roundMs } from "../runner.ts";
import { exchangeHttp } from "./http-exchange.ts";
import { unexpectedStatus } from "./http-status.ts";

/** Bytes of the body read to time a full answer; the rest is not downloaded. */
const HTTP_BODY_LIMIT = 64 * 1024;

/** `http`: the request answers with an expected status code (any 2xx by default). */
export const httpRunner: CheckRunner<"http"> = {
  async run(spec, context): Promise<CheckOutcome> {
    const started = performance.now();
    const answer = await exchangeHttp(spec.target, spec.options, context, {
      limit: HTTP_BODY_LIMIT,
    });
    const error = unexpectedStatus(answer.statusCode, spec.options.expected_status_codes);
    return {
      status: error ? "down" : "up",
      responseTimeMs: roundMs(performance.now() - started),
      timings: answer.timings,
      statusCode: answer.statusCode,
      error,
    };
  },
};

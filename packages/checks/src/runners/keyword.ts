import type { CheckOutcome, KeywordOptions } from "@upwatch/core";
import { type CheckRunner, roundMs } from "../runner.ts";
import { exchangeHttp, type HttpAnswer } from "./http-exchange.ts";
import { unexpectedStatus } from "./http-status.ts";

/** How much of the body, after decompression, is searched for the keyword. */
export const KEYWORD_BODY_LIMIT = 1024 * 1024;

/**
 * `keyword`: an HTTP check whose body must contain (or must not contain) a string. It asks for
 * and decodes gzip, deflate and br, and searches the decoded text.
 */
export const keywordRunner: CheckRunner<"keyword"> = {
  async run(spec, context): Promise<CheckOutcome> {
    const started = performance.now();
    const answer = await exchangeHttp(spec.target, spec.options, context, {
      limit: KEYWORD_BODY_LIMIT,
      decompress: true,
    });
    const error =
      unexpectedStatus(answer.statusCode, spec.options.expected_status_codes) ??
      keywordProblem(answer, spec.options);
    return {
      status: error ? "down" : "up",
      responseTimeMs: roundMs(performance.now() - started),
      timings: answer.timings,
      statusCode: answer.statusCode,
      error,
    };
  },
};

function keywordProblem(answer: HttpAnswer, options: KeywordOptions): string | null {
  const { body, bodyTruncated } = answer;
  const haystack = options.case_sensitive ? body : body.toLowerCase();
  const needle = options.case_sensitive ? options.keyword : options.keyword.toLowerCase();
  const found = haystack.includes(needle);
  if (options.keyword_mode === "present" && !found) {
    const cut = bodyTruncated
      ? " in its first 1 MiB: the page is longer (after decompression), and the rest is not read"
      : "";
    return `The page does not contain "${options.keyword}"${cut}.`;
  }
  if (options.keyword_mode === "absent" && found) {
    return `The page contains "${options.keyword}", which should be absent.`;
  }
  return null;
}

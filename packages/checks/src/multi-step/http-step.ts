import { type CheckTimings, type HttpOptions, MULTI_STEP_LIMITS, type StepOf } from "@upwatch/core";
import { CheckError, describeNetworkError } from "../check-error.ts";
import { roundMs } from "../runner.ts";
import { exchangeHttp } from "../runners/http-exchange.ts";
import { fillRequest } from "./request-filling.ts";
import type { RunState, StepReport } from "./run-state.ts";

/** A request URL, variables filled in, may be as long as the URL a step may be written with. */
const MAX_FILLED_URL = 2000;

/** Bytes of each response kept for extract, assertion and script steps. */
const RESPONSE_BODY_LIMIT = MULTI_STEP_LIMITS.maxBodyBytes;

/**
 * `http_request`: sends the request through the guarded network, redirects followed and each
 * hop checked. Any status passes; a connection error or the request timeout fails the step.
 */
export async function runHttpStep(
  step: StepOf<"http_request">,
  state: RunState,
): Promise<StepReport> {
  const { config } = step;
  const { url, headers, body } = fillRequest(step, state);
  const request = { method: config.method, url };
  if (url.length > MAX_FILLED_URL) {
    // Masked before it is cut, so no cut-off piece of a secure value is left to show.
    return {
      request: { method: config.method, url: state.mask(url).slice(0, MAX_FILLED_URL) },
      error: `The URL is longer than ${MAX_FILLED_URL.toLocaleString("en")} characters once its variables are filled in.`,
    };
  }
  if (!URL.canParse(url)) return { request, error: `The URL ${url} is not a valid address.` };
  const protocol = new URL(url).protocol;
  if (protocol !== "http:" && protocol !== "https:") {
    return { request, error: `The URL ${url} is not an HTTP or HTTPS address.` };
  }
  const options: HttpOptions = {
    method: config.method,
    headers,
    body,
    auth: null,
    expected_status_codes: [],
    follow_redirects: true,
    verify_tls: true,
  };
  const started = performance.now();
  const bounded = boundRequest(state.signal, state.requestTimeoutMs);
  try {
    const answer = await exchangeHttp(
      url,
      options,
      { network: state.network, signal: bounded.signal, now: Date.now },
      { limit: RESPONSE_BODY_LIMIT },
    );
    const timeMs = roundMs(performance.now() - started);
    const timings = roundTimings(answer.timings);
    const response = {
      status: answer.statusCode,
      headers: answer.headers,
      body: answer.body,
      timeMs,
      timings,
    };
    state.responses.set(step.name, response);
    state.latest = response;
    return { request, statusCode: answer.statusCode, timings, error: null };
  } catch (error) {
    if (state.signal.aborted) throw state.signal.reason;
    const reason = bounded.signal.aborted ? bounded.signal.reason : error;
    return { request, error: describeNetworkError(reason, url) };
  } finally {
    bounded.release();
  }
}

/** A signal aborted by the run's own signal or after `timeoutMs`, whichever comes first. */
function boundRequest(run: AbortSignal, timeoutMs: number) {
  const controller = new AbortController();
  const seconds = timeoutMs / 1000;
  const timer = setTimeout(() => {
    controller.abort(
      new CheckError(
        `No complete answer within ${seconds} second${seconds === 1 ? "" : "s"} (the monitor's timeout).`,
      ),
    );
  }, timeoutMs);
  const follow = () => controller.abort(run.reason);
  run.addEventListener("abort", follow, { once: true });
  if (run.aborted) follow();
  return {
    signal: controller.signal,
    release: () => {
      clearTimeout(timer);
      run.removeEventListener("abort", follow);
    },
  };
}

function roundTimings(timings: CheckTimings): CheckTimings {
  const round = (value: number | null) => (value === null ? null : roundMs(value));
  return {
    dnsMs: round(timings.dnsMs),
    connectMs: round(timings.connectMs),
    tlsMs: round(timings.tlsMs),
    firstByteMs: round(timings.firstByteMs),
  };
}

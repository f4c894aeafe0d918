import type { CheckOutcome, CheckSpecOf, ProxyCheckType } from "@upwatch/core";
import { type CheckRunners, type RunCheckOptions, runWithLimit } from "./run-with-limit.ts";
import { dnsRunner } from "./runners/dns.ts";
import { httpRunner } from "./runners/http.ts";
import { keywordRunner } from "./runners/keyword.ts";
import { pingRunner } from "./runners/ping.ts";
import { sslRunner } from "./runners/ssl.ts";
import { tcpRunner } from "./runners/tcp.ts";

/*
 * The check types that make one request, without the multi-step runner and its script
 * sandbox: what an agent runs (`@upwatch/checks/single-request`), so its bundle carries no sandbox.
 */

export {
  createNetworkAccess,
  type NetworkAccess,
} from "./network/network-access.ts";
export type { RunCheckOptions } from "./run-with-limit.ts";
export { PING_MISSING } from "./runners/ping.ts";

/** The runners of the single-request check types. */
export const SINGLE_REQUEST_RUNNERS: CheckRunners<ProxyCheckType> = {
  http: httpRunner,
  keyword: keywordRunner,
  ping: pingRunner,
  tcp: tcpRunner,
  dns: dnsRunner,
  ssl: sslRunner,
};

/** Runs one single-request check as `runCheck` does: its timeout enforced, never throwing. */
export function runSingleRequestCheck(
  spec: CheckSpecOf<ProxyCheckType>,
  options: RunCheckOptions,
): Promise<CheckOutcome> {
  return runWithLimit(SINGLE_REQUEST_RUNNERS, spec, options);
}

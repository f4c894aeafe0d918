export { CheckError } from "./check-error.ts";
export {
  type AddressCategory,
  type AddressPolicy,
  classifyAddress,
  createAddressPolicy,
} from "./network/address-policy.ts";
export {
  type GuardedPost,
  type PostAnswer,
  PostTimeoutError,
  postThroughGuard,
  urlRefusal,
} from "./network/guarded-post.ts";
export {
  createNetworkAccess,
  type NetworkAccess,
  type ResolvedAddress,
  systemLookup,
} from "./network/network-access.ts";
export { CHECK_RUNNERS, type RunCheckOptions, runCheck } from "./registry.ts";
export type { CheckContext, CheckRunner } from "./runner.ts";
export { PING_MISSING } from "./runners/ping.ts";
export { closeScriptSandbox, scriptSyntaxProblem } from "./sandbox/script-sandbox.ts";
export {
  type CheckReport,
  CheckScheduler,
  type ScheduledCheck,
  type SchedulerCounters,
  type SchedulerOptions,
} from "./scheduler/check-scheduler.ts";

export { CheckError } from "./check-error.ts";
export {
  createMultiStepRunner,
  type MultiStepRunnerOptions,
  multiStepRunner,
  runLimitSentence,
  type ScriptRunner,
} from "./multi-step/index.ts";
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
export type { CheckRunners } from "./run-with-limit.ts";
export type { CheckContext, CheckRunner } from "./runner.ts";
export { KEYWORD_BODY_LIMIT } from "./runners/keyword.ts";
export { PING_MISSING } from "./runners/ping.ts";
export {
  closeScriptSandbox,
  runScript,
  SCRIPT_LIMITS,
  SCRIPT_MESSAGES,
  type ScriptInput,
  type ScriptOutcome,
  type ScriptResponse,
  scriptSyntaxProblem,
} from "./sandbox/index.ts";
export {
  type CheckReport,
  CheckScheduler,
  type ScheduledCheck,
  type SchedulerCounters,
  type SchedulerOptions,
} from "./scheduler/check-scheduler.ts";
export { runSingleRequestCheck, SINGLE_REQUEST_RUNNERS } from "./single-request.ts";

export {
  createMultiStepRunner,
  type MultiStepRunnerOptions,
  multiStepRunner,
} from "./multi-step-runner.ts";
export { RUN_LIMIT_GRACE_MS, runLimitSentence } from "./run-limit.ts";
export type { ScriptRunner } from "./script-runner.ts";

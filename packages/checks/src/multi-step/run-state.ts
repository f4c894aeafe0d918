import type { CheckTimings, MultiStep, StepResult } from "@upwatch/core";
import type { NetworkAccess } from "../network/network-access.ts";
import type { ScriptRunner } from "./script-runner.ts";

/** What a request step received, for the extract, assertion and script steps after it. */
export interface StepResponse {
  status: number;
  /** Names lower-cased. */
  headers: Record<string, string>;
  body: string;
  timeMs: number;
  timings: CheckTimings;
}

/** Everything one run of a multi-step check knows while its steps run. */
export interface RunState {
  /** The run's variables: the monitor's, then extracted and script-set ones. */
  values: Record<string, string>;
  /** Variables that refer to a secure variable without a value, by the secure name. */
  unresolved: Record<string, string>;
  /** The account's secure values this run uses; a variable holding one is filled as secure. */
  secureValues: ReadonlySet<string>;
  /** Each request step's response, by step name. */
  responses: Map<string, StepResponse>;
  /** The response each extract or assertion step read, by step name. */
  readBy: Map<string, StepResponse>;
  latest: StepResponse | null;
  results: Map<string, StepResult>;
  /** Each request to send is bounded by this, in milliseconds. */
  requestTimeoutMs: number;
  network: NetworkAccess;
  signal: AbortSignal;
  runScript: ScriptRunner;
  mask(text: string): string;
}

/** What a step that ran found; the runner adds name, timing and status. */
export interface StepReport {
  error: string | null;
  request?: { method: string; url: string } | null;
  statusCode?: number | null;
  timings?: CheckTimings | null;
  actual?: string | null;
  expected?: string | null;
  variables?: string[] | null;
  logs?: string[] | null;
}

export type StepHandler<S extends MultiStep = MultiStep> = (
  step: S,
  state: RunState,
) => Promise<StepReport>;

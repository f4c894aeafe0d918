import { isProxyCheckType, isScheduledCheckType } from "@upwatch/core";
import type { MonitorFormValues } from "./form-values.ts";
import type { FieldProblem } from "./types/check-type-form.ts";
import { CHECK_TYPE_FORMS } from "./types/index.ts";
import { wholeNumber } from "./whole-number.ts";

/** Whether the monitor runs from an agent: chosen so, and of a type an agent can run. */
export function runsFromAgent(values: Pick<MonitorFormValues, "run_from" | "type">): boolean {
  return values.run_from === "agent" && isProxyCheckType(values.type);
}

/**
 * Where it runs from, as the API takes it: the agent alone, or the regions (when the plan lets
 * them be chosen) with `agent_id: null`, which also moves an agent-run monitor back to regions.
 */
export function runFromPayload(
  values: Pick<MonitorFormValues, "run_from" | "type" | "agent_id" | "regions" | "region_rule">,
  chooseRegions: boolean,
): Record<string, unknown> {
  if (runsFromAgent(values)) return { agent_id: values.agent_id };
  return {
    ...(chooseRegions ? { regions: values.regions, region_rule: values.region_rule } : {}),
    agent_id: null,
  };
}

/**
 * The monitor as the API takes it (`POST /monitors`, or `PATCH` with every field). Without
 * `chooseRegions` (plans that run from the deployment's default region) the regions are left
 * to the server.
 */
export function monitorPayload(
  values: MonitorFormValues,
  chooseRegions = true,
): Record<string, unknown> | FieldProblem {
  const form = CHECK_TYPE_FORMS[values.type];
  const options = form.toOptions(values);
  if ("field" in options && "message" in options) return options as FieldProblem;
  if (!isScheduledCheckType(values.type)) {
    // Pings check it: no target, interval, timeout or regions.
    return {
      type: values.type,
      name: values.name,
      agent_id: null,
      failure_threshold: wholeNumber(values.failure_threshold),
      recovery_confirmations: wholeNumber(values.recovery_confirmations),
      group_ids: values.group_ids,
      options,
    };
  }
  return {
    type: values.type,
    name: values.name,
    ...(form.target ? { target: values.target.trim() } : {}),
    interval_seconds: wholeNumber(values.interval_seconds),
    timeout_seconds: wholeNumber(values.timeout_seconds),
    ...runFromPayload(values, chooseRegions),
    failure_threshold: wholeNumber(values.failure_threshold),
    recovery_confirmations: wholeNumber(values.recovery_confirmations),
    group_ids: values.group_ids,
    options,
  };
}

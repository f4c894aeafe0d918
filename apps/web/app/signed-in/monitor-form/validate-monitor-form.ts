import {
  CHECK_TYPE_NAMES,
  type CheckType,
  type CreateMonitorInput,
  createMonitorSchema,
  DEFAULT_REGION,
  isScheduledCheckType,
  monitorCountViolation,
  monitorRegions,
  monitorSettingsViolation,
  type Plan,
  type PlanViolation,
} from "@upwatch/core";
import { plansWithAgentsText } from "../agents/plans-with-agents.ts";
import type { MonitorFormValues } from "./form-values.ts";
import { monitorPayload, runsFromAgent } from "./monitor-payload.ts";
import { issueStepProblem, type StepProblems } from "./step-problems.ts";
import { CHECK_TYPE_FORMS, checkTypeValidation } from "./types/index.ts";

export type FormErrors = Partial<Record<keyof MonitorFormValues, string>>;

/** What checking the form found: the API body when it is valid, else one message per field. */
export interface FormCheck {
  payload: Record<string, unknown> | null;
  errors: FormErrors;
  /** A plan rule the whole form breaks (the monitor limit), shown above the form. */
  formError: string | null;
  /** A multi-step check's problems, one per step by position. */
  stepProblems: StepProblems;
}

const TYPE_RULES = checkTypeValidation();

const FIELD_WORDS: readonly (readonly [RegExp, string])[] = [
  [/\binterval_seconds\b/g, "the check interval (in seconds)"],
  [/\btimeout_seconds\b/g, "the timeout (in seconds)"],
  [/\bfailure_threshold\b/g, "the failure threshold"],
  [/\brecovery_confirmations\b/g, "recovery confirmations"],
  ...TYPE_RULES.fieldWords,
];

/** "A tcp monitor's target must be host:port" names the type and field as the form shows them. */
function targetWords(message: string): string {
  return message.replace(
    /^A (\w+) monitor's target must be (.*)$/,
    (whole, type: string, rule: string) => {
      const name = CHECK_TYPE_NAMES[type as CheckType];
      if (!name) return whole;
      const url = rule.match(/^a URL (starting with .*)$/);
      return url
        ? `The URL of ${name} monitors must be an address ${url[1]}`
        : `The target of ${name} monitors must be ${rule}`;
    },
  );
}

/** The engine's sentences name API fields; the form names what the person sees instead. */
export function toFormWords(message: string): string {
  let text = targetWords(message);
  for (const [pattern, words] of FIELD_WORDS) text = text.replace(pattern, words);
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function fieldOfPath(path: readonly PropertyKey[]): keyof MonitorFormValues {
  const [first, second] = path.map(String);
  const optionField = second ? TYPE_RULES.optionFields[second] : undefined;
  if (first === "options" && optionField) return optionField;
  if (first === "group_ids") return "group_ids";
  return (first as keyof MonitorFormValues | undefined) ?? "name";
}

const PLAN_FIELDS: Record<PlanViolation["rule"], keyof MonitorFormValues> = {
  "monitor-count": "name",
  interval: "interval_seconds",
  "check-type": "type",
  "headers-and-auth": "headers",
  region: "regions",
};

/** The sentence under the regions when the plan allows only one. */
export const SEVERAL_REGIONS_NEED = "Several regions need the Hobby plan or above.";

/** What the chosen regions break: none chosen, or more than the plan allows. */
function regionsProblem(values: MonitorFormValues, plan: Plan): string | null {
  if (values.regions.length === 0) return "Choose at least one region to check from.";
  if (values.regions.length > 1 && !plan.limits.allCheckTypes) return SEVERAL_REGIONS_NEED;
  return null;
}

/** What running from an agent breaks: a plan without agents, or no agent chosen. */
export function runFromProblem(values: MonitorFormValues, plan: Plan): string | null {
  if (!runsFromAgent(values)) return null;
  if (plan.limits.agents === 0) {
    return `Running from an agent needs ${plansWithAgentsText()}; choose Regions to keep the ${plan.name} plan.`;
  }
  if (!values.agent_id) return "Choose the agent the monitor runs from.";
  return null;
}

function collectIssues(
  issues: readonly ZodIssueLike[],
  errors: FormErrors,
  steps: StepProblems = [],
): void {
  for (const issue of issues) {
    const [first, second] = issue.path.map(String);
    if (first === "options" && (second === "steps" || second === "variables")) {
      const step = issueStepProblem(issue.path, issue.message);
      if (step) steps[step.index] ??= step.problem;
      else errors[second] ??= toFormWords(issue.message);
      continue;
    }
    errors[fieldOfPath(issue.path)] ??= toFormWords(issue.message);
  }
}

interface ZodIssueLike {
  path: readonly PropertyKey[];
  message: string;
}

const DEFAULTS = createMonitorSchema.parse({
  type: "http",
  name: "x",
  target: "https://x.example/",
});

/** A valid target of the type, for judging the other fields; "" for a type without one. */
function standInTarget(type: unknown): string {
  return CHECK_TYPE_FORMS[type as CheckType]?.target?.standIn ?? "";
}

function withDefaultsFor(
  payload: Record<string, unknown>,
  issues: readonly ZodIssueLike[],
): Record<string, unknown> {
  const patched: Record<string, unknown> = { ...payload };
  for (const issue of issues) {
    const key = String(issue.path[0] ?? "");
    if (key === "options") {
      const options = { ...(patched.options as Record<string, unknown>) };
      const option = String(issue.path[1] ?? "");
      const standIns = TYPE_RULES.standInOptions;
      if (Object.hasOwn(standIns, option)) options[option] = standIns[option];
      // Steps and variables are judged on their own; dropping them would only add "required".
      else if (option !== "steps" && option !== "variables") delete options[option];
      patched.options = options;
    } else if (key === "name") patched.name = "x";
    else if (key === "target") patched.target = standInTarget(payload.type);
    else if (key in DEFAULTS) patched[key] = DEFAULTS[key as keyof typeof DEFAULTS];
  }
  return patched;
}

/**
 * Checks the form with the engine's own schema and the plan's rules, as the server will.
 * `existingMonitors` is the account's count when creating, or null when editing.
 */
export function validateMonitorForm(
  values: MonitorFormValues,
  plan: Plan,
  existingMonitors: number | null,
): FormCheck {
  const formError =
    existingMonitors === null
      ? null
      : (monitorCountViolation(plan, existingMonitors)?.detail ?? null);
  const payload = monitorPayload(values, plan.limits.allCheckTypes);
  if ("field" in payload && "message" in payload && typeof payload.message === "string") {
    return {
      payload: null,
      errors: { [payload.field as keyof MonitorFormValues]: payload.message },
      formError,
      stepProblems: [],
    };
  }
  const ownProblems = CHECK_TYPE_FORMS[values.type].validation?.ownProblems;
  const sentOptions = (payload as Record<string, unknown>).options;
  const own = ownProblems?.(values);
  const stepProblems: StepProblems = own?.stepProblems ?? [];
  const errors: FormErrors = { ...own?.errors };
  // A type that judges its own options has its common fields judged as an HTTP monitor's.
  const judgedPayload = own
    ? { ...payload, type: "http", target: standInTarget("http"), options: {} }
    : payload;
  const parsed = createMonitorSchema.safeParse(judgedPayload);
  let judged = parsed.success ? parsed.data : null;
  if (!parsed.success) {
    collectIssues(parsed.error.issues, errors, stepProblems);
    // The target's shape is only judged once the rest parses: judge it again with the broken
    // fields at their defaults, so every problem (the plan's rules too) shows at once.
    const retry = createMonitorSchema.safeParse(
      withDefaultsFor(judgedPayload, parsed.error.issues),
    );
    if (retry.success) judged = retry.data;
    else collectIssues(retry.error.issues, errors, stepProblems);
  }
  if (judged && own) {
    judged = { ...judged, type: values.type, options: sentOptions } as unknown as typeof judged;
  }
  // Which region a plan without a choice runs from is the server's to say (its default region).
  const regions = judged ? monitorRegions(judged, values.regions[0] ?? DEFAULT_REGION) : [];
  const violation = judged
    ? monitorSettingsViolation(
        plan,
        { ...(judged as CreateMonitorInput), regions },
        regions[0] ?? DEFAULT_REGION,
      )
    : null;
  if (violation) errors[PLAN_FIELDS[violation.rule]] ??= toFormWords(violation.detail);
  const agentProblem = runFromProblem(values, plan);
  if (agentProblem) errors.agent_id = agentProblem;
  const regionProblem =
    runsFromAgent(values) || !isScheduledCheckType(values.type)
      ? null
      : regionsProblem(values, plan);
  if (regionProblem) errors.regions = regionProblem;
  if (Object.keys(errors).length > 0) return { payload: null, errors, formError, stepProblems };
  return { payload: payload as Record<string, unknown>, errors, formError, stepProblems };
}

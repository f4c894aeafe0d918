import { type ExpectedStatus, isProxyCheckType, parseExpectedStatusText } from "@upwatch/core";
import { DURATION_UNITS, type MonitorFormValues } from "./form-values.ts";
import { stepPayload, variablesPayload } from "./step-values.ts";

/** Why a field's text cannot become the number or list the API takes. */
export type FieldProblem = { field: keyof MonitorFormValues; message: string };

/** A whole number typed into a field, or NaN so the schema names the problem. */
function wholeNumber(text: string): number {
  const trimmed = text.trim();
  return /^-?\d+$/.test(trimmed) ? Number(trimmed) : Number.NaN;
}

function statusCodes(text: string): ExpectedStatus[] | FieldProblem {
  const read = parseExpectedStatusText(text);
  return "problem" in read
    ? { field: "expected_status_codes", message: read.problem }
    : read.entries;
}

function httpOptions(values: MonitorFormValues): Record<string, unknown> | FieldProblem {
  const codes = statusCodes(values.expected_status_codes);
  if (!Array.isArray(codes)) return codes;
  const headers: Record<string, string | { value: string; secret: true }> = {};
  for (const row of values.headers) {
    if (!row.name.trim() && !row.value.trim()) continue;
    headers[row.name.trim()] = row.secret ? { value: row.value, secret: true } : row.value;
  }
  const auth =
    values.auth_type === "basic"
      ? { type: "basic", username: values.auth_username, password: values.auth_password }
      : values.auth_type === "bearer"
        ? { type: "bearer", token: values.auth_token }
        : null;
  const sendsBody = values.method !== "GET" && values.method !== "HEAD";
  return {
    method: values.method,
    headers,
    body: sendsBody && values.body !== "" ? values.body : null,
    auth,
    expected_status_codes: codes,
    follow_redirects: values.follow_redirects,
    verify_tls: values.verify_tls,
  };
}

function typeOptions(values: MonitorFormValues): Record<string, unknown> | FieldProblem {
  switch (values.type) {
    case "http":
      return httpOptions(values);
    case "keyword": {
      const http = httpOptions(values);
      if ("field" in http) return http;
      return {
        ...http,
        keyword: values.keyword,
        keyword_mode: values.keyword_mode,
        case_sensitive: values.case_sensitive,
      };
    }
    case "dns":
      return {
        record_type: values.record_type,
        expected_value: values.expected_value.trim() || null,
        resolver: values.resolver.trim() || null,
      };
    case "ssl":
      return { min_days_remaining: wholeNumber(values.min_days_remaining) };
    case "multi_step":
      return {
        variables: variablesPayload(values.variables),
        steps: values.steps.map(stepPayload),
      };
    case "heartbeat": {
      const period = wholeNumber(values.heartbeat_period);
      const grace = wholeNumber(values.heartbeat_grace);
      if (Number.isNaN(period)) {
        return { field: "heartbeat_period", message: "Give the period as a whole number." };
      }
      if (Number.isNaN(grace)) {
        return { field: "heartbeat_grace", message: "Give the grace time as a whole number." };
      }
      return {
        period_seconds: period * DURATION_UNITS[values.heartbeat_period_unit],
        grace_seconds: grace * DURATION_UNITS[values.heartbeat_grace_unit],
      };
    }
    default:
      return {};
  }
}

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
  const options = typeOptions(values);
  if ("field" in options && "message" in options) return options as FieldProblem;
  if (values.type === "heartbeat") {
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
    // A multi-step check has no target of its own: its requests are in its steps.
    ...(values.type === "multi_step" ? {} : { target: values.target.trim() }),
    interval_seconds: wholeNumber(values.interval_seconds),
    timeout_seconds: wholeNumber(values.timeout_seconds),
    ...runFromPayload(values, chooseRegions),
    failure_threshold: wholeNumber(values.failure_threshold),
    recovery_confirmations: wholeNumber(values.recovery_confirmations),
    group_ids: values.group_ids,
    options,
  };
}

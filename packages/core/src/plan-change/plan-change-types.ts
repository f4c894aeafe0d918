import type { AlertChannel } from "../channels/index.ts";
import type { CheckType } from "../monitors.ts";

/** Settings a smaller plan held back from a monitor, given back when a plan allows them again. */
export interface HeldSettings {
  interval_seconds?: number | undefined;
  regions?: readonly string[] | undefined;
  /** Custom request headers or authentication are kept aside, unsent. */
  headers_and_auth?: boolean | undefined;
}

/** What a plan change looks at in a monitor. */
export interface PlanChangeMonitor {
  id: string;
  name: string;
  type: CheckType;
  created_at: number;
  paused: boolean;
  /** Paused by an earlier plan change rather than by a person. */
  paused_by_plan: boolean;
  interval_seconds: number;
  regions: readonly string[];
  run_from: "regions" | "agent";
  /** Custom request headers or authentication are set and sent now. */
  sends_headers_or_auth: boolean;
  held: HeldSettings | null;
}

/** What a plan change looks at in an alert channel. */
export interface PlanChangeChannel {
  id: string;
  name: string;
  type: AlertChannel;
}

/** Why a plan change paused a monitor. */
export type PauseReason = "monitor-limit" | "check-type" | "agent";

interface OfMonitor {
  monitor_id: string;
  monitor_name: string;
}

interface OfChannel {
  channel_id: string;
  channel_name: string;
  channel_type: AlertChannel;
}

/** One thing a plan change did, as listed in the notice and printed by the admin command. */
export type PlanChange =
  | (OfMonitor & { kind: "monitor-paused"; reason: PauseReason })
  | (OfMonitor & { kind: "monitor-resumed" })
  | (OfMonitor & { kind: "interval-raised"; from: number; to: number })
  | (OfMonitor & { kind: "interval-restored"; from: number; to: number })
  | (OfMonitor & { kind: "regions-reduced"; from: readonly string[]; to: readonly string[] })
  | (OfMonitor & { kind: "regions-restored"; from: readonly string[]; to: readonly string[] })
  | (OfMonitor & { kind: "headers-held" })
  | (OfMonitor & { kind: "headers-restored" })
  | (OfChannel & { kind: "channel-disabled" })
  | (OfChannel & { kind: "channel-enabled" })
  /** More status pages than the plan includes: all kept, public and editable; none can be added. */
  | { kind: "status-pages-kept"; page_names: readonly string[]; limit: number }
  /** More users than the plan allows: nobody loses access; invitations wait for room. */
  | { kind: "users-over-limit"; users: number; limit: number }
  /** Pages show "Powered by Upwatch" and leave their custom domain; both settings are kept. */
  | { kind: "white-label-held"; page_names: readonly string[] }
  /** Pages hide "Powered by Upwatch" and answer on their custom domain again. */
  | { kind: "white-label-restored"; page_names: readonly string[] };

/** The kinds of change, for schemas. */
export const PLAN_CHANGE_KINDS = [
  "monitor-paused",
  "monitor-resumed",
  "interval-raised",
  "interval-restored",
  "regions-reduced",
  "regions-restored",
  "headers-held",
  "headers-restored",
  "channel-disabled",
  "channel-enabled",
  "status-pages-kept",
  "users-over-limit",
  "white-label-held",
  "white-label-restored",
] as const satisfies readonly PlanChange["kind"][];

/** A monitor's settings after the change; only monitors that change are listed. */
export interface MonitorAfterPlanChange {
  id: string;
  paused: boolean;
  paused_by_plan: boolean;
  interval_seconds: number;
  regions: readonly string[];
  /** Whether headers and authentication are sent (false: kept aside in `held`). */
  sends_headers_or_auth: boolean;
  held: HeldSettings | null;
}

/** Everything a move to another plan changes, computed before anything is stored. */
export interface PlanChangeOutcome {
  monitors: MonitorAfterPlanChange[];
  changes: PlanChange[];
}

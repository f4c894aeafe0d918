import { BASIC_CHECK_TYPES } from "../monitors.ts";
import type { Plan } from "../plans.ts";
import type {
  HeldSettings,
  MonitorAfterPlanChange,
  PauseReason,
  PlanChange,
  PlanChangeChannel,
  PlanChangeMonitor,
  PlanChangeOutcome,
} from "./plan-change-types.ts";

/** The operator's choice of monitors to keep cannot be followed; `detail` says why. */
export class PlanChangeRefused extends Error {
  constructor(readonly detail: string) {
    super(detail);
  }
}

export interface PlanChangeInput {
  from: Plan;
  to: Plan;
  /** The deployment's default region, the one plans without a choice of region run from. */
  defaultRegion: string;
  monitors: readonly PlanChangeMonitor[];
  channels: readonly PlanChangeChannel[];
  /** Monitors that must stay (or become) active; by default the oldest active ones stay. */
  keep?: readonly string[] | undefined;
  /** The account's status pages by name, oldest first; kept whatever the plan includes. */
  statusPages?: readonly string[];
  /** The account's users: members and pending invitations. */
  users?: number;
  /** The status pages, by name, that hide "Powered by Upwatch" or have a custom domain. */
  whiteLabelPages?: readonly string[];
}

/**
 * What moving an account from one plan to another changes: settings the new plan does not allow
 * are held back (intervals raised, regions reduced, headers unsent), monitors beyond its limit or
 * of types it lacks are paused, and whatever an earlier, smaller plan held back and this plan
 * allows is given back. Nothing is deleted. Throws PlanChangeRefused for an impossible `keep`.
 */
export function computePlanChange(input: PlanChangeInput): PlanChangeOutcome {
  const { to } = input;
  const ordered = [...input.monitors].sort(
    (a, b) => a.created_at - b.created_at || a.id.localeCompare(b.id),
  );
  const after = new Map(ordered.map((monitor) => [monitor.id, settleSettings(monitor, input)]));
  const changes: PlanChange[] = [];
  for (const monitor of ordered) changes.push(...settingChanges(monitor, after.get(monitor.id)));
  const chosen = chooseActive(ordered, input);
  for (const monitor of ordered) {
    const next = after.get(monitor.id) as MonitorAfterPlanChange;
    const ref = { monitor_id: monitor.id, monitor_name: monitor.name };
    const reason = pauseReason(monitor, to, chosen);
    if (!monitor.paused && reason) {
      Object.assign(next, { paused: true, paused_by_plan: true });
      changes.push({ ...ref, kind: "monitor-paused", reason });
    } else if (monitor.paused_by_plan && chosen.has(monitor.id)) {
      Object.assign(next, { paused: false, paused_by_plan: false });
      changes.push({ ...ref, kind: "monitor-resumed" });
    }
  }
  changes.push(...channelChanges(input), ...overLimitNotes(input), ...whiteLabelNotes(input));
  const monitors = ordered
    .map((monitor) => after.get(monitor.id) as MonitorAfterPlanChange)
    .filter((next, index) => differs(ordered[index] as PlanChangeMonitor, next));
  return { monitors, changes };
}

/** Whether a monitor of this type and way of running may be active on the plan. */
export function monitorAllowedOn(
  plan: Plan,
  monitor: Pick<PlanChangeMonitor, "type" | "run_from">,
): PauseReason | null {
  if (!plan.limits.allCheckTypes && !BASIC_CHECK_TYPES.includes(monitor.type)) return "check-type";
  if (monitor.run_from === "agent" && plan.limits.agents === 0) return "agent";
  return null;
}

function settleSettings(
  monitor: PlanChangeMonitor,
  input: PlanChangeInput,
): MonitorAfterPlanChange {
  const plan = input.to;
  const held: HeldSettings = { ...monitor.held };
  let interval = monitor.interval_seconds;
  let regions = monitor.regions;
  let sends = monitor.sends_headers_or_auth;
  if (
    held.interval_seconds !== undefined &&
    held.interval_seconds >= plan.limits.minIntervalSeconds
  ) {
    interval = held.interval_seconds;
    held.interval_seconds = undefined;
  } else if (interval < plan.limits.minIntervalSeconds) {
    held.interval_seconds ??= interval;
    interval = plan.limits.minIntervalSeconds;
  }
  const full = plan.limits.allCheckTypes;
  if (held.regions && full) {
    regions = held.regions;
    held.regions = undefined;
  } else if (
    !full &&
    monitor.run_from === "regions" &&
    !onlyDefault(regions, input.defaultRegion)
  ) {
    held.regions ??= regions;
    regions = [input.defaultRegion];
  }
  if (held.headers_and_auth && full) {
    sends = true;
    held.headers_and_auth = undefined;
  } else if (!full && sends) {
    held.headers_and_auth = true;
    sends = false;
  }
  return {
    id: monitor.id,
    paused: monitor.paused,
    paused_by_plan: monitor.paused_by_plan,
    interval_seconds: interval,
    regions,
    sends_headers_or_auth: sends,
    held: compact(held),
  };
}

function settingChanges(
  monitor: PlanChangeMonitor,
  next: MonitorAfterPlanChange | undefined,
): PlanChange[] {
  if (!next) return [];
  const ref = { monitor_id: monitor.id, monitor_name: monitor.name };
  const changes: PlanChange[] = [];
  const from = monitor.interval_seconds;
  if (next.interval_seconds > from)
    changes.push({ ...ref, kind: "interval-raised", from, to: next.interval_seconds });
  if (next.interval_seconds < from)
    changes.push({ ...ref, kind: "interval-restored", from, to: next.interval_seconds });
  if (!sameList(next.regions, monitor.regions)) {
    const kind = next.held?.regions ? "regions-reduced" : "regions-restored";
    changes.push({ ...ref, kind, from: monitor.regions, to: next.regions });
  }
  if (monitor.sends_headers_or_auth && !next.sends_headers_or_auth)
    changes.push({ ...ref, kind: "headers-held" });
  if (!monitor.sends_headers_or_auth && next.sends_headers_or_auth)
    changes.push({ ...ref, kind: "headers-restored" });
  return changes;
}

/** The monitors active after the change: those kept, then the oldest, up to the plan's limit. */
function chooseActive(ordered: readonly PlanChangeMonitor[], input: PlanChangeInput): Set<string> {
  const { to } = input;
  const limit = to.limits.monitors ?? Number.POSITIVE_INFINITY;
  const candidates = ordered.filter(
    (monitor) => (!monitor.paused || monitor.paused_by_plan) && !monitorAllowedOn(to, monitor),
  );
  const keep = [...new Set(input.keep ?? [])];
  for (const id of keep) {
    const monitor = ordered.find((candidate) => candidate.id === id);
    if (!monitor) throw new PlanChangeRefused(`The account has no monitor ${id}.`);
    const reason = monitorAllowedOn(to, monitor);
    if (reason)
      throw new PlanChangeRefused(
        `${monitor.name} (${id}) cannot stay active: ${reasonText(reason, to)}.`,
      );
    if (monitor.paused && !monitor.paused_by_plan)
      throw new PlanChangeRefused(
        `${monitor.name} (${id}) was paused by a person; resume it in the app instead.`,
      );
  }
  if (keep.length > limit)
    throw new PlanChangeRefused(
      `The ${to.name} plan allows ${limit.toLocaleString("en-US")} active monitors; --keep names ${keep.length}.`,
    );
  const active = candidates.filter((monitor) => !monitor.paused);
  const chosen = new Set(keep);
  for (const monitor of [...active, ...candidates.filter((candidate) => candidate.paused)]) {
    if (chosen.size >= limit) break;
    chosen.add(monitor.id);
  }
  return chosen;
}

function pauseReason(
  monitor: PlanChangeMonitor,
  plan: Plan,
  chosen: Set<string>,
): PauseReason | null {
  return monitorAllowedOn(plan, monitor) ?? (chosen.has(monitor.id) ? null : "monitor-limit");
}

/** What the account keeps beyond the new plan's limits, so the notice says it (nothing changes). */
function overLimitNotes({ to, statusPages = [], users = 0 }: PlanChangeInput): PlanChange[] {
  const notes: PlanChange[] = [];
  const pageLimit = to.limits.statusPages;
  if (pageLimit !== null && statusPages.length > pageLimit) {
    notes.push({ kind: "status-pages-kept", page_names: statusPages, limit: pageLimit });
  }
  const userLimit = to.limits.users;
  if (userLimit !== null && users > userLimit) {
    notes.push({ kind: "users-over-limit", users, limit: userLimit });
  }
  return notes;
}

/** Pages whose white-label settings stop (or start again) being in force; they are kept. */
function whiteLabelNotes({ from, to, whiteLabelPages = [] }: PlanChangeInput): PlanChange[] {
  if (whiteLabelPages.length === 0 || from.limits.whiteLabel === to.limits.whiteLabel) return [];
  const kind = to.limits.whiteLabel ? "white-label-restored" : "white-label-held";
  return [{ kind, page_names: whiteLabelPages }];
}

function channelChanges(input: PlanChangeInput): PlanChange[] {
  const before = input.from.limits.channels;
  const after = input.to.limits.channels;
  return input.channels.flatMap((channel): PlanChange[] => {
    const ref = { channel_id: channel.id, channel_name: channel.name, channel_type: channel.type };
    if (before.includes(channel.type) && !after.includes(channel.type))
      return [{ ...ref, kind: "channel-disabled" }];
    if (!before.includes(channel.type) && after.includes(channel.type))
      return [{ ...ref, kind: "channel-enabled" }];
    return [];
  });
}

/** Why a monitor cannot be active on the plan, as the end of a sentence. */
export function reasonText(reason: PauseReason, plan: Plan): string {
  if (reason === "check-type") return `the ${plan.name} plan does not include its check type`;
  if (reason === "agent") return `the ${plan.name} plan does not include agents`;
  return `the ${plan.name} plan allows ${(plan.limits.monitors ?? 0).toLocaleString("en-US")} active monitors`;
}

function onlyDefault(regions: readonly string[], defaultRegion: string): boolean {
  return regions.length === 1 && regions[0] === defaultRegion;
}

function sameList(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((value, index) => value === b[index]);
}

function compact(held: HeldSettings): HeldSettings | null {
  const entries = Object.entries(held).filter(([, value]) => value !== undefined);
  return entries.length ? (Object.fromEntries(entries) as HeldSettings) : null;
}

function differs(monitor: PlanChangeMonitor, next: MonitorAfterPlanChange): boolean {
  return (
    monitor.paused !== next.paused ||
    monitor.paused_by_plan !== next.paused_by_plan ||
    monitor.interval_seconds !== next.interval_seconds ||
    !sameList(monitor.regions, next.regions) ||
    monitor.sends_headers_or_auth !== next.sends_headers_or_auth ||
    JSON.stringify(monitor.held) !== JSON.stringify(next.held)
  );
}

import {
  ALERT_CHANNELS,
  type AlertChannel,
  computePlanChange,
  type MonitorAfterPlanChange,
  type Plan,
  type PlanChange,
  type PlanChangeMonitor,
  PlanChangeRefused,
} from "@upwatch/core";
import type { Database } from "@upwatch/db";
import type { Kysely } from "kysely";
import { type Monitor, monitorFromRow } from "../../records/monitor-record.ts";
import { placeOf } from "../../secrets/secret-box.ts";
import { WITHDRAWN, withdrawOpenTasks } from "../agent-tasks/withdraw-open-tasks.ts";
import { monitorAuditEvent } from "../audit/monitor-audit.ts";
import { type AuditActor, recordAuditEvent } from "../audit/record-audit-event.ts";
import type { ServiceContext } from "../context.ts";
import { restartHeartbeatClock } from "../heartbeats/heartbeat-rows.ts";
import { countAccountUsers } from "../members/user-limit.ts";
import { ServiceError } from "../service-error.ts";
import { openHeldSettings, type StoredHeldSettings, sealHeldSettings } from "./held-settings.ts";

export interface PlanChangeRequest {
  accountId: string;
  from: Plan;
  to: Plan;
  defaultRegion: string;
  keep?: readonly string[] | undefined;
  actor: AuditActor;
}

interface Loaded {
  monitor: Monitor;
  held: StoredHeldSettings | null;
  pausedByPlan: boolean;
}

/**
 * Inside the plan change's transaction: applies what the new plan changes to the account's
 * monitors (each with its audit event) and stores the notice listing the changes. Returns them.
 */
export async function applyPlanChange(
  trx: Kysely<Database>,
  ctx: ServiceContext,
  request: PlanChangeRequest,
): Promise<PlanChange[]> {
  const loaded = await loadMonitors(trx, ctx, request.accountId);
  const channels = await trx
    .selectFrom("channels")
    .select(["id", "name", "type"])
    .where("account_id", "=", request.accountId)
    .orderBy("created_at")
    .execute();
  let outcome: ReturnType<typeof computePlanChange>;
  try {
    outcome = computePlanChange({
      from: request.from,
      to: request.to,
      defaultRegion: request.defaultRegion,
      monitors: loaded.map(planChangeMonitorOf),
      channels: channels.flatMap((channel) =>
        isAlertChannel(channel.type) ? [{ ...channel, type: channel.type }] : [],
      ),
      keep: request.keep,
      statusPages: await statusPageNames(trx, request.accountId),
      users: await countAccountUsers(trx, request.accountId, ctx.now()),
      whiteLabelPages: await whiteLabelPageNames(trx, request.accountId),
    });
  } catch (error) {
    if (error instanceof PlanChangeRefused) throw new ServiceError("invalid", error.detail);
    throw error;
  }
  const byId = new Map(loaded.map((entry) => [entry.monitor.id, entry]));
  for (const next of outcome.monitors) {
    const entry = byId.get(next.id);
    if (entry) await storeMonitor(trx, ctx, request, entry, next);
  }
  if (outcome.changes.some((change) => change.kind.startsWith("white-label-"))) {
    await rebuildWhiteLabelPages(trx, request.accountId);
  }
  if (outcome.changes.length > 0) {
    await trx
      .insertInto("plan_changes")
      .values({
        id: ctx.newId("pch"),
        account_id: request.accountId,
        from_plan: request.from.id,
        to_plan: request.to.id,
        changes: JSON.stringify(outcome.changes),
        created_at: ctx.now(),
        dismissed_at: null,
        dismissed_by: null,
      })
      .execute();
  }
  return outcome.changes;
}

async function loadMonitors(
  trx: Kysely<Database>,
  ctx: ServiceContext,
  accountId: string,
): Promise<Loaded[]> {
  const rows = await trx
    .selectFrom("monitors")
    .selectAll()
    .where("account_id", "=", accountId)
    .execute();
  return rows.map((row) => ({
    monitor: monitorFromRow(row, ctx.secrets),
    held: openHeldSettings(row, ctx.secrets),
    pausedByPlan: Number(row.paused_by_plan) === 1,
  }));
}

async function statusPageNames(trx: Kysely<Database>, accountId: string): Promise<string[]> {
  const pages = await trx
    .selectFrom("status_pages")
    .select("name")
    .where("account_id", "=", accountId)
    .orderBy("created_at")
    .orderBy("id")
    .execute();
  return pages.map((page) => page.name);
}

/** The pages whose footer or address the plan change turns: cached copies in every process go. */
async function rebuildWhiteLabelPages(trx: Kysely<Database>, accountId: string): Promise<void> {
  await trx
    .updateTable("status_pages")
    .set((eb) => ({ version: eb("version", "+", 1) }))
    .where("account_id", "=", accountId)
    .where((eb) => eb.or([eb("white_label", "=", 1), eb("custom_domain", "is not", null)]))
    .execute();
}

async function whiteLabelPageNames(trx: Kysely<Database>, accountId: string): Promise<string[]> {
  const pages = await trx
    .selectFrom("status_pages")
    .select("name")
    .where("account_id", "=", accountId)
    .where((eb) => eb.or([eb("white_label", "=", 1), eb("custom_domain", "is not", null)]))
    .orderBy("created_at")
    .orderBy("id")
    .execute();
  return pages.map((page) => page.name);
}

function planChangeMonitorOf({ monitor, held, pausedByPlan }: Loaded): PlanChangeMonitor {
  return {
    id: monitor.id,
    name: monitor.name,
    type: monitor.type,
    created_at: monitor.created_at,
    paused: monitor.paused,
    paused_by_plan: pausedByPlan,
    interval_seconds: monitor.interval_seconds,
    regions: monitor.regions,
    run_from: monitor.run_from,
    sends_headers_or_auth: sendsHeadersOrAuth(monitor),
    held: held && {
      interval_seconds: held.interval_seconds,
      regions: held.regions,
      headers_and_auth: held.headers !== undefined || undefined,
    },
  };
}

function sendsHeadersOrAuth(monitor: Monitor): boolean {
  if (monitor.type !== "http" && monitor.type !== "keyword") return false;
  return Object.keys(monitor.options.headers).length > 0 || monitor.options.auth !== null;
}

async function storeMonitor(
  trx: Kysely<Database>,
  ctx: ServiceContext,
  request: PlanChangeRequest,
  entry: Loaded,
  next: MonitorAfterPlanChange,
): Promise<void> {
  const before = entry.monitor;
  const at = Math.max(ctx.now(), before.updated_at + 1);
  const { options, held } = moveHeaders(before, entry.held, next);
  if (next.held?.interval_seconds !== undefined) held.interval_seconds = next.held.interval_seconds;
  if (next.held?.regions) held.regions = [...next.held.regions];
  const regions = [...next.regions] as Monitor["regions"];
  const after = {
    ...before,
    paused: next.paused,
    interval_seconds: next.interval_seconds,
    region: regions[0] ?? before.region,
    regions,
    options,
    updated_at: at,
  } as Monitor;
  await trx
    .updateTable("monitors")
    .set({
      paused: next.paused ? 1 : 0,
      paused_by_plan: next.paused_by_plan ? 1 : 0,
      interval_seconds: next.interval_seconds,
      region: after.region,
      regions: JSON.stringify(regions),
      options: ctx.secrets.seal(JSON.stringify(options), placeOf("monitors", "options", before.id)),
      plan_held: sealHeldSettings(before.id, held, ctx.secrets),
      updated_at: at,
    })
    .where("id", "=", before.id)
    .execute();
  if (next.paused && !before.paused) {
    await withdrawOpenTasks(trx, { monitorId: before.id }, WITHDRAWN.monitorPaused, at);
  }
  // A heartbeat resumed after days paused would otherwise be overdue at the next sweep.
  if (!next.paused && before.paused && after.type === "heartbeat") {
    await restartHeartbeatClock(trx, before.id, after.options, at);
  }
  const action =
    next.paused === before.paused
      ? "monitor.updated"
      : next.paused
        ? "monitor.paused"
        : "monitor.resumed";
  await recordAuditEvent(trx, ctx, request.accountId, request.actor, {
    ...monitorAuditEvent(action, before, after),
  });
}

/** Headers and authentication move between the options and the held settings. */
function moveHeaders(
  monitor: Monitor,
  stored: StoredHeldSettings | null,
  next: MonitorAfterPlanChange,
): { options: Monitor["options"]; held: StoredHeldSettings } {
  const held: StoredHeldSettings = {};
  if (monitor.type !== "http" && monitor.type !== "keyword") {
    return { options: monitor.options, held };
  }
  const options = { ...monitor.options } as Record<string, unknown>;
  if (next.held?.headers_and_auth) {
    const unsent = stored?.headers !== undefined;
    held.headers = unsent ? stored.headers : (options.headers as Record<string, unknown>);
    held.auth = unsent ? stored.auth : options.auth;
    options.headers = {};
    options.auth = null;
  } else if (stored?.headers !== undefined && next.sends_headers_or_auth) {
    options.headers = stored.headers;
    options.auth = stored.auth ?? null;
  }
  return { options: options as Monitor["options"], held };
}

function isAlertChannel(type: string): type is AlertChannel {
  return (ALERT_CHANNELS as readonly string[]).includes(type);
}

import {
  bodyExcerpt,
  type HeartbeatSignal,
  heartbeatDueAt,
  heartbeatPingOutcome,
  heartbeatRunMs,
} from "@upwatch/core";
import type { CheckRecord } from "../../engine/result-rows.ts";
import type { TaskCheckHooks } from "../agent-tasks/task-check-hooks.ts";
import type { ServiceContext } from "../context.ts";
import { storeHeartbeatCheck } from "./heartbeat-check.ts";
import { hashHeartbeatToken, looksLikeHeartbeatToken } from "./heartbeat-token.ts";
import type { HeartbeatView } from "./load-heartbeats.ts";
import { lockedHeartbeat } from "./locked-heartbeat.ts";

/** One ping as it arrived. */
export interface Ping {
  token: string;
  signal: HeartbeatSignal;
  body: Uint8Array;
}

/** A stored ping: whose heartbeat it was, and what the heartbeat's last pings say now. */
export interface RecordedPing {
  accountId: string;
  monitorId: string;
  pings: Omit<HeartbeatView, "pingUrl">;
}

/**
 * Records a ping: when it came, what it said and the start of its body, and (unless the monitor
 * is paused, or the ping only says the job started) the check it stands for, stored and judged as
 * every check is. A success or fail sets the next deadline one period on. Answers undefined when
 * no heartbeat has the token, telling nothing more.
 */
export async function recordPing(
  ctx: ServiceContext,
  hooks: TaskCheckHooks,
  ping: Ping,
): Promise<RecordedPing | undefined> {
  if (!looksLikeHeartbeatToken(ping.token)) return undefined;
  const tokenHash = hashHeartbeatToken(ping.token);
  const now = ctx.now();
  const done = await ctx.transact(async (trx) => {
    const heartbeat = await lockedHeartbeat(trx, ctx.secrets, { tokenHash });
    if (!heartbeat) return undefined;
    const pings = { lastSignal: heartbeat.last_signal, lastStartedAt: heartbeat.last_started_at };
    const ended = ping.signal !== "start";
    const runMs = ended ? heartbeatRunMs(pings, now) : null;
    // Pings in one millisecond are checks a millisecond apart: each is stored under its own time.
    const at = Math.max(now, (heartbeat.last_ping_at ?? 0) + 1);
    const recorded: RecordedPing = {
      accountId: heartbeat.account_id,
      monitorId: heartbeat.monitor_id,
      pings: {
        lastPingAt: at,
        lastSignal: ping.signal,
        lastBody: bodyExcerpt(ping.body),
        lastStartedAt: ended ? heartbeat.last_started_at : now,
        // An end without a start keeps the last measured run time.
        lastRunMs: runMs ?? heartbeat.last_run_ms,
      },
    };
    await trx
      .updateTable("heartbeats")
      .set({
        last_ping_at: at,
        last_signal: ping.signal,
        last_body: recorded.pings.lastBody,
        last_started_at: recorded.pings.lastStartedAt,
        last_run_ms: recorded.pings.lastRunMs,
        ...(ended ? { due_at: heartbeatDueAt(now, heartbeat.options) } : {}),
      })
      .where("monitor_id", "=", heartbeat.monitor_id)
      .execute();
    const outcome = heartbeat.paused ? null : heartbeatPingOutcome(ping.signal, pings, now);
    if (!outcome) return { recorded, records: [] as CheckRecord[], step: undefined };
    const step = hooks.alerting();
    const records = await storeHeartbeatCheck(
      trx,
      heartbeat,
      { outcome, checkedAt: at, plannedAt: at },
      step,
    );
    return { recorded, records, step };
  });
  if (!done) return undefined;
  done.step?.afterCommit();
  if (done.records.length) hooks.stored(done.records);
  return done.recorded;
}

import {
  bodyExcerpt,
  HEARTBEAT_CHECK_REGION,
  type HeartbeatSignal,
  heartbeatDueAt,
  heartbeatPingOutcome,
  heartbeatRunMs,
} from "@upwatch/core";
import { type CheckIntake, standingOf, type Taken } from "../../check-intake/check-intake.ts";
import type { ServiceContext } from "../context.ts";
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
  intake: CheckIntake,
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
    if (!outcome) return { recorded, taken: [] };
    const taken: Taken = await intake.take(
      trx,
      {
        monitorId: heartbeat.monitor_id,
        plannedAt: at,
        sightings: [{ region: HEARTBEAT_CHECK_REGION, checkedAt: at, outcome }],
      },
      standingOf(heartbeat),
    );
    return { recorded, taken: [taken] };
  });
  if (!done) return undefined;
  intake.committed(done.taken);
  return done.recorded;
}

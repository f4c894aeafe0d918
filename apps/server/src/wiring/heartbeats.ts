import type { FastifyInstance } from "fastify";
import { PeriodicTask } from "../background/periodic-task.ts";
import type { CheckIntake } from "../check-intake/check-intake.ts";
import { addClosingStep } from "../closing-steps.ts";
import type { Leadership } from "../cluster/leadership.ts";
import type { LiveBus } from "../live/live-bus.ts";
import { presentHeartbeatPings } from "../presenters/monitors.ts";
import { pingRoutes } from "../routes/ping.ts";
import type { ServiceContext } from "../services/context.ts";
import { sweepLateHeartbeats } from "../services/heartbeats/sweep-late-heartbeats.ts";

export interface HeartbeatsOptions {
  ctx: ServiceContext;
  /** Where heartbeats' checks enter: judged, stored, alerted on and announced. */
  checks: CheckIntake;
  /** Where each stored ping is announced, so open pages show it without reloading. */
  live: LiveBus;
  /** The sweep for late heartbeats runs on the leader alone. */
  leadership: Leadership;
  /** Whether the sweep runs by itself; tests drive it by hand. */
  start: boolean;
}

/** How often late heartbeats are looked for: a missed deadline shows as down within seconds. */
const SWEEP_EVERY_MS = 5_000;

/**
 * The ping endpoint, which every process answers, and on the leader the sweep that records a
 * down check for each heartbeat whose ping is overdue.
 */
export async function registerHeartbeats(
  app: FastifyInstance,
  options: HeartbeatsOptions,
): Promise<void> {
  const { ctx, checks, live } = options;
  await app.register(pingRoutes, {
    ctx,
    checks,
    pinged: (ping) =>
      live.publish(ping.accountId, {
        name: "heartbeat",
        data: { monitor_id: ping.monitorId, heartbeat: presentHeartbeatPings(ping.pings) },
      }),
  });
  const log = app.log.child({ part: "heartbeats" });
  const sweep = () => sweepLateHeartbeats(ctx, checks, log);
  const sweeper = new PeriodicTask({
    run: async () => {
      await sweep();
    },
    everyMs: SWEEP_EVERY_MS,
    onError: (error) => log.warn({ err: error }, "looking for late heartbeats failed"),
  });
  if (options.start) {
    options.leadership.run({
      name: "late heartbeats",
      start: async () => sweeper.start(),
      stop: () => sweeper.stop(),
    });
  }
  addClosingStep(app, "the late-heartbeat sweep", () => sweeper.stop());
  app.decorate("sweepLateHeartbeats", sweep);
}

declare module "fastify" {
  interface FastifyInstance {
    /** Records late heartbeats now, as the leader's sweep does; for tests and tools. */
    sweepLateHeartbeats: () => Promise<number>;
  }
}

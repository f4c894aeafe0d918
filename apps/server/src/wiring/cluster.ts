import type { DatabaseHandle } from "@upwatch/db";
import type { FastifyInstance } from "fastify";
import { addClosingStep } from "../closing-steps.ts";
import { ClusterChannel } from "../cluster/cluster-channel.ts";
import { clusterImmediateChecks } from "../cluster/cluster-immediate-checks.ts";
import { ClusterLiveBus } from "../cluster/cluster-live-bus.ts";
import { clusterMonitorChanges } from "../cluster/cluster-monitor-changes.ts";
import {
  advisoryLockLeadership,
  alwaysLeader,
  type Leadership,
  neverLeader,
} from "../cluster/leadership.ts";
import { monitorLoader } from "../cluster/load-monitor.ts";
import type { Config } from "../config.ts";
import type { ImmediateChecks, MonitorChanges } from "../engine/engine-ports.ts";
import { LiveBus } from "../live/live-bus.ts";
import type { ServiceContext } from "../services/context.ts";
import { IGNORE_MONITOR_CHANGES } from "../services/monitors/monitor-changes.ts";

/** What runs differently when this process is one of several. */
export interface Cluster {
  leadership: Leadership;
  live: LiveBus;
  /** What the API tells of monitor changes, given this process's engine (if it runs checks). */
  changesFor(engine: MonitorChanges | undefined): MonitorChanges;
  /** How "check now" is answered, given this process's engine (if it runs checks). */
  checksFor(engine: ImmediateChecks | undefined): ImmediateChecks | undefined;
}

/**
 * SQLite: one process, always the leader, live updates in process. PostgreSQL: any number of
 * processes; those that run checks elect a leader through an advisory lock, and live updates,
 * monitor changes and "check now" travel between them over LISTEN/NOTIFY. Everything is
 * released when the app closes.
 */
export async function prepareCluster(
  app: FastifyInstance,
  options: { config: Config; database: DatabaseHandle; ctx: ServiceContext },
): Promise<Cluster> {
  const { config, ctx } = options;
  const connection = options.database.postgres;
  if (!connection) {
    const leadership = alwaysLeader();
    app.addHook("onReady", () => leadership.start());
    addClosingStep(app, "leadership", () => leadership.stop());
    return {
      leadership,
      live: new LiveBus(),
      changesFor: (engine) => engine ?? IGNORE_MONITOR_CHANGES,
      checksFor: (engine) => engine,
    };
  }
  const log = app.log.child({ part: "cluster" });
  const leadership = config.monitoring.runChecks
    ? advisoryLockLeadership({ connection, log })
    : neverLeader();
  const channel = new ClusterChannel({ connection, log });
  await channel.start();
  const live = new ClusterLiveBus(channel);
  live.start();
  const load = monitorLoader(ctx);
  const forwarded: { stop(): void }[] = [];
  app.addHook("onReady", () => leadership.start());
  addClosingStep(app, "leadership and the cluster channel", async () => {
    await leadership.stop();
    for (const checks of forwarded) checks.stop();
    await live.stop();
    await channel.stop();
  });
  return {
    leadership,
    live,
    changesFor: (engine) =>
      clusterMonitorChanges({
        leadership,
        channel,
        engine: engine ?? IGNORE_MONITOR_CHANGES,
        load,
        log,
      }),
    checksFor: (engine) => {
      // A process that runs no checks says so rather than waiting on a leader that may not exist.
      if (!engine) return undefined;
      const checks = clusterImmediateChecks({ leadership, channel, engine, load, log });
      forwarded.push(checks);
      return checks;
    },
  };
}

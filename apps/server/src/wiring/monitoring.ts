import { closeScriptSandbox, type NetworkAccess } from "@upwatch/checks";
import type { FastifyInstance } from "fastify";
import type { BillingDeps } from "../billing/customer/billing-deps.ts";
import type { CheckIntake } from "../check-intake/check-intake.ts";
import { addClosingStep } from "../closing-steps.ts";
import { alwaysLeader, type Leadership } from "../cluster/leadership.ts";
import type { Config } from "../config.ts";
import type { ImmediateChecks, MonitorChanges } from "../engine/engine-ports.ts";
import { MonitoringEngine, type MonitoringEngineOptions } from "../engine/monitoring-engine.ts";
import type { LiveBus } from "../live/live-bus.ts";
import { liveMonitorChanges } from "../live/live-monitor-changes.ts";
import type { CheckMetrics, RegionMetrics, ResultWriteMetrics } from "../metrics/server-metrics.ts";
import type { Accounts } from "../routes/api/api-deps.ts";
import { apiRoutes } from "../routes/api/index.ts";
import type { AgentPackageShelf } from "../services/agent-downloads/index.ts";
import type { AgentKeyCache } from "../services/agents/authenticate-agent.ts";
import type { ServiceContext } from "../services/context.ts";
import type { TxtLookup } from "../services/domain-verification/txt-lookup.ts";
import { loadHeartbeats } from "../services/heartbeats/load-heartbeats.ts";
import { loadMonitorAgents } from "../services/monitors/monitor-agents.ts";
import {
  everyMonitorChange,
  IGNORE_MONITOR_CHANGES,
} from "../services/monitors/monitor-changes.ts";
import { regionDirectory } from "../services/regions/region-directory.ts";
import { operatorNotices } from "../services/server/operator-notices.ts";
import { absoluteAppUrl } from "./accounts.ts";
import type { Alerting } from "./alerting.ts";
import { engineBroker } from "./engine-broker.ts";
import { serverHosts } from "./server-hosts.ts";

export interface MonitoringOptions {
  config: Config;
  ctx: ServiceContext;
  alerting: Alerting;
  /** Where the engine's checks enter: stored, alerted on and announced. */
  checks: CheckIntake;
  accounts: Accounts;
  live: LiveBus;
  /** The guard the checks go through. */
  network: NetworkAccess;
  /** Mail was queued by an API call (a password reset link): send it now. */
  mailQueued: () => void;
  metrics?: (CheckMetrics & ResultWriteMetrics & RegionMetrics) | undefined;
  /** Runs the engine only while this process leads; default: a single process, always leader. */
  leadership?: Leadership | undefined;
  /** What serves "check now" (on a follower: forwarding to the leader); default: the engine. */
  checksFor?: ((engine: MonitoringEngine | undefined) => ImmediateChecks | undefined) | undefined;
  /** Where the API's monitor changes go given the engine (a follower tells the leader's). */
  changesFor?: ((engine: MonitoringEngine | undefined) => MonitorChanges) | undefined;
  /** Replaces the check runner (tests). */
  runCheck?: MonitoringEngineOptions["run"];
  /** The agent packages the API lists. */
  agentPackages: AgentPackageShelf;
  /** The agent keys the agent API remembers; the agents API forgets them when they stop. */
  agentKeys: AgentKeyCache;
  /** How domains' DNS TXT records are looked up when an account verifies them. */
  lookupTxt: TxtLookup;
  /** Stripe and the prices sold, when the server takes payments. */
  billing?: BillingDeps | undefined;
}

/**
 * The REST API for accounts' monitors and their results, and (unless RUN_CHECKS=false) the
 * monitoring engine, run while this process leads (from when the server is ready until it
 * closes, for a single process). With BROKER_URL the engine reaches runners of other regions.
 * Returns the engine, if any.
 */
export async function registerMonitoring(
  app: FastifyInstance,
  options: MonitoringOptions,
): Promise<MonitoringEngine | undefined> {
  const { config, ctx, live, alerting } = options;
  const remote =
    config.monitoring.runChecks && config.regions.brokerUrl
      ? engineBroker(ctx, {
          url: config.regions.brokerUrl,
          log: app.log.child({ part: "broker" }),
        })
      : undefined;
  const engine = config.monitoring.runChecks
    ? new MonitoringEngine({
        db: ctx.db,
        secrets: ctx.secrets,
        network: options.network,
        concurrency: config.monitoring.checkConcurrency,
        maxHistoryDays: config.maxHistoryDays,
        log: app.log.child({ part: "monitoring" }),
        now: ctx.now,
        newId: ctx.newId,
        localRegion: config.regions.localRegion,
        broker: remote?.broker,
        operatorEmail: config.regions.operatorEmail,
        mailQueued: options.mailQueued,
        metrics: options.metrics,
        run: options.runCheck,
        checks: options.checks,
        alertsChanged: (alerts) => alerting.hooks.actx.alertsChanged?.(alerts),
      })
    : undefined;
  if (engine) {
    let leadership = options.leadership;
    if (!leadership) {
      const single = alwaysLeader();
      app.addHook("onReady", () => single.start());
      addClosingStep(app, "leadership", () => single.stop());
      leadership = single;
    }
    leadership.run({ name: "monitoring", start: () => engine.start(), stop: () => engine.stop() });
  }
  // Script steps run in worker threads: stopped once no check is left to run them.
  addClosingStep(app, "the monitoring engine and script steps", async () => {
    await engine?.stop();
    await closeScriptSandbox();
  });
  if (remote) {
    // The broker's connections outlive every term of leadership; the engine is stopped first.
    addClosingStep(app, "the broker connections", async () => {
      await engine?.stop();
      await remote.close();
    });
  }
  const regions = regionDirectory(ctx, {
    localRegion: config.regions.localRegion,
    localRegionName: config.regions.localRegionName,
  });
  await app.register(apiRoutes, {
    prefix: "/api/v1",
    ctx,
    changes: everyMonitorChange(
      options.changesFor ? options.changesFor(engine) : (engine ?? IGNORE_MONITOR_CHANGES),
      liveMonitorChanges(live, alerting.hooks.actx.alertsChanged, regions, async (monitor) => ({
        agents: await loadMonitorAgents(ctx.db, [monitor], ctx.now()),
        heartbeats: await loadHeartbeats(ctx.db, ctx.secrets, config.publicUrl, [monitor]),
      })),
    ),
    checks: options.checksFor ? options.checksFor(engine) : engine,
    alerting,
    accounts: options.accounts,
    live,
    regions,
    mailQueued: options.mailQueued,
    serverUrl: config.apiUrl || config.publicUrl,
    publicUrl: config.publicUrl,
    serverHosts: serverHosts(config),
    agentPackages: options.agentPackages,
    agentKeys: options.agentKeys,
    allowPrivateTargets: config.monitoring.allowPrivateTargets,
    lookupTxt: options.lookupTxt,
    billing: options.billing,
    serverNotices: operatorNotices(config),
    operatorEmail: config.regions.operatorEmail,
    appUrl: absoluteAppUrl(config),
    maxHistoryDays: config.maxHistoryDays,
  });
  return engine;
}

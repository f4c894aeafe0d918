import type { FastifyInstance } from "fastify";
import type { AgentReportHook } from "../agents/agent-report-hook.ts";
import { PeriodicTask } from "../background/periodic-task.ts";
import { CheckIntake } from "../check-intake/check-intake.ts";
import { addClosingStep } from "../closing-steps.ts";
import type { Leadership } from "../cluster/leadership.ts";
import { agentApiRoutes } from "../routes/agent-api/index.ts";
import { pruneAgentHistory } from "../services/agent-history/prune-agent-history.ts";
import { rollUpAgentSamples } from "../services/agent-history/roll-up-agent-samples.ts";
import type { AfterAgentReport } from "../services/agent-reports/store-agent-report.ts";
import { pruneAgentTasks } from "../services/agent-tasks/prune-agent-tasks.ts";
import { timeOutTasks } from "../services/agent-tasks/time-out-tasks.ts";
import {
  type AgentKeyCache,
  type AgentKeyReader,
  cachedAgentKeys,
  readAgentKey,
} from "../services/agents/authenticate-agent.ts";
import type { ServiceContext } from "../services/context.ts";
import { pruneCustomMetrics } from "../services/custom-metrics/prune-custom-metrics.ts";
import { rollUpCustomMetrics } from "../services/custom-metrics/roll-up-custom-metrics.ts";
import { WriteBatcher } from "../services/write-batcher.ts";

export interface AgentsOptions {
  ctx: ServiceContext;
  /** The keys found lately (made by `prepareAgentKeys`). */
  keys: AgentKeyReader & AgentKeyCache;
  /** Runs in the transaction of every stored report batch; by default nothing more is done. */
  onReports?: AgentReportHook | undefined;
  /** Told once a batch committed, with its transaction. */
  afterReports?: AfterAgentReport | undefined;
  /** Where tasks' checks enter (alerting, live events); by default they are stored alone. */
  checks?: CheckIntake | undefined;
  /** Rollups and pruning of agent history, and tasks' timeouts and pruning, run on the leader alone. */
  leadership: Leadership;
  /** Whether the rollups and pruning run by themselves; tests drive them by hand. */
  start: boolean;
  /** The longest history an account may choose (HISTORY_DAYS_MAX). */
  maxHistoryDays?: number;
}

const IGNORE_REPORTS: AgentReportHook = async () => {};
const FOLD_EVERY_MS = 10 * 60_000;
/** How long a found key is trusted without the database; on other processes polls may outlive a revoke by this. */
const KEY_CACHE_MS = 30_000;
/** How long an unknown key stays unknown without the database (guessed keys). */
const KEY_MISS_CACHE_MS = 5_000;
/** Reports arriving within this share one commit; measured by bench:agents (docs/agent-api.md). */
const REPORT_GATHER_MS = 20;
/** How often overdue tasks are timed out: a missing result shows as a down check within seconds. */
const TIMEOUT_SWEEP_MS = 5_000;
const PRUNE_TASKS_EVERY_MS = 3_600_000;

/** The agent keys found lately, shared by the agent API and the agents API (which forgets them). */
export function prepareAgentKeys(ctx: ServiceContext): AgentKeyReader & AgentKeyCache {
  return cachedAgentKeys(readAgentKey(ctx), {
    ttlMs: KEY_CACHE_MS,
    missMs: KEY_MISS_CACHE_MS,
    now: ctx.now,
  });
}

/**
 * The agent API (`/agent/v1`), and on the leader the rollups and pruning of agent history and
 * the timeouts and pruning of tasks.
 */
export async function registerAgents(app: FastifyInstance, options: AgentsOptions): Promise<void> {
  const reports = new WriteBatcher(options.ctx.db, { gatherMs: REPORT_GATHER_MS });
  const agentCtx: ServiceContext = { ...options.ctx, transact: (work) => reports.run(work) };
  const checks = options.checks ?? new CheckIntake();
  await app.register(agentApiRoutes, {
    prefix: "/agent/v1",
    ctx: agentCtx,
    onReports: options.onReports ?? IGNORE_REPORTS,
    afterReports: options.afterReports,
    keys: options.keys,
    checks,
  });
  const { ctx } = options;
  const log = app.log.child({ part: "agents" });
  const history = new PeriodicTask({
    run: async () => {
      await rollUpAgentSamples(ctx.db, ctx.now());
      await pruneAgentHistory(ctx.db, ctx.now(), options.maxHistoryDays);
      await rollUpCustomMetrics(ctx.db, ctx.now());
      await pruneCustomMetrics(ctx.db, ctx.now());
    },
    everyMs: FOLD_EVERY_MS,
    onError: (error) => log.warn({ err: error }, "folding or pruning agent history failed"),
  });
  const timeouts = new PeriodicTask({
    run: async () => {
      await timeOutTasks(agentCtx, checks, log);
    },
    everyMs: TIMEOUT_SWEEP_MS,
    onError: (error) => log.warn({ err: error }, "timing out overdue agent tasks failed"),
  });
  const taskPruning = new PeriodicTask({
    run: async () => {
      await pruneAgentTasks(ctx.db, ctx.now());
    },
    everyMs: PRUNE_TASKS_EVERY_MS,
    onError: (error) => log.warn({ err: error }, "pruning agent tasks failed"),
  });
  if (options.start) {
    options.leadership.run({
      name: "agent history",
      start: async () => history.start(),
      stop: () => history.stop(),
    });
    options.leadership.run({
      name: "agent task timeouts",
      start: async () => {
        timeouts.start();
        taskPruning.start();
      },
      stop: async () => {
        await timeouts.stop();
        await taskPruning.stop();
      },
    });
  }
  addClosingStep(app, "agent history and task timeouts", async () => {
    await history.stop();
    await timeouts.stop();
    await taskPruning.stop();
  });
}

import { nextPlannedRun } from "@upwatch/core";
import { migrateToLatest, openDatabase } from "@upwatch/db";
import { generateAgentKey } from "../apps/server/src/services/agents/agent-key-format.ts";
import { benchMonitorRow } from "./bench-monitor-row.ts";

/** The fleet of the proxy-tasks bench as stored: each agent's key and its monitors' ids. */
export interface ProxyFleet {
  agents: { id: string; key: string }[];
  monitorIds: string[];
}

const ACCOUNT_ID = "acc_bench_proxy";
const INTERVAL_MS = 60_000;
const ROWS_PER_INSERT = 500;

/**
 * Fills a fresh database with an Enterprise+ account (its plan allows any number of agents),
 * `agentCount` proxy-capable agents and `monitorsPerAgent` HTTP monitors at 60 s run from each,
 * all checking `targetUrl`.
 */
export async function seedProxyFleet(
  dataDir: string,
  agentCount: number,
  monitorsPerAgent: number,
  targetUrl: string,
): Promise<ProxyFleet> {
  const database = openDatabase({ dataDir });
  await migrateToLatest(database);
  const now = Date.now();
  await database.db
    .insertInto("accounts")
    .values({ id: ACCOUNT_ID, name: "Bench proxy", plan: "enterprise", created_at: now })
    .execute();
  const agents: ProxyFleet["agents"] = [];
  const agentRows = [];
  for (let index = 0; index < agentCount; index += 1) {
    const key = generateAgentKey();
    const id = `agt_bench_proxy_${index}`;
    agents.push({ id, key: key.key });
    agentRows.push({
      id,
      account_id: ACCOUNT_ID,
      name: `site-${index}`,
      os: "linux",
      key_lookup: key.lookup,
      key_hash: key.hash,
      key_created_at: now,
      key_revoked_at: null,
      // The simulated agents only poll and run tasks; they must not go offline meanwhile.
      offline_after_minutes: 60,
      hostname: `site-${index}`,
      platform: "Debian GNU/Linux 12",
      arch: "x64",
      version: "2.1.0",
      capabilities: JSON.stringify(["proxy-checks"]),
      reported_config: null,
      latest_report: null,
      first_report_at: now,
      last_report_at: now,
      offline_since: null,
      created_at: now,
      updated_at: now,
    });
  }
  for (let first = 0; first < agentRows.length; first += ROWS_PER_INSERT) {
    await database.db
      .insertInto("agents")
      .values(agentRows.slice(first, first + ROWS_PER_INSERT))
      .execute();
  }
  const monitorRows = agents.flatMap((agent, a) =>
    Array.from({ length: monitorsPerAgent }, (_, m) =>
      benchMonitorRow(`mon_bench_proxy_${a}_${m}`, ACCOUNT_ID, {
        name: `Intranet ${a}.${m}`,
        target: targetUrl,
        timeout_seconds: 10,
        run_from: "agent",
        agent_id: agent.id,
        created_at: now,
        updated_at: now,
      }),
    ),
  );
  for (let first = 0; first < monitorRows.length; first += ROWS_PER_INSERT) {
    await database.db
      .insertInto("monitors")
      .values(monitorRows.slice(first, first + ROWS_PER_INSERT))
      .execute();
  }
  await database.close();
  return { agents, monitorIds: monitorRows.map((row) => row.id) };
}

/** What became of the checks planned in a window, as the database has it once the run is over. */
export interface ProxyTally {
  planned: number;
  tasks: number;
  states: Record<string, number>;
  /** Planned times with no task at all. */
  missing: number;
  /** Completed tasks whose agent finished them within the window. */
  completedInWindow: number;
  /** Time from planned_at to Completed, ms, sorted. */
  delays: number[];
  /** Tasks handed out by more than one poll (allowed until the agent says it started). */
  dispatchedMoreThanOnce: number;
  /** Planned times with more than one stored check. */
  doubleChecks: number;
  checks: number;
}

/** Counts the tasks and checks of the checks planned in [from, to). */
export async function tallyProxyTasks(
  dataDir: string,
  monitorIds: readonly string[],
  from: number,
  to: number,
): Promise<ProxyTally> {
  const database = openDatabase({ dataDir });
  const tasks = await database.db
    .selectFrom("agent_tasks")
    .select(["monitor_id", "planned_at", "state", "finished_at", "dispatch_count"])
    .where("planned_at", ">=", from)
    .where("planned_at", "<", to)
    .execute();
  const completedInWindow = await database.db
    .selectFrom("agent_tasks")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("state", "=", "completed")
    .where("finished_at", ">=", from)
    .where("finished_at", "<", to)
    .executeTakeFirstOrThrow();
  const checks = await database.db
    .selectFrom("check_results")
    .select(["monitor_id", "planned_at"])
    .where("region", "=", "agent")
    .where("planned_at", ">=", from)
    .where("planned_at", "<", to)
    .execute();
  await database.close();

  const plannedTimes = new Set<string>();
  for (const id of monitorIds) {
    for (let at = nextPlannedRun(id, INTERVAL_MS, from - 1); at < to; at += INTERVAL_MS) {
      plannedTimes.add(`${id} ${at}`);
    }
  }
  const taskTimes = new Set(tasks.map((task) => `${task.monitor_id} ${task.planned_at}`));
  let missing = 0;
  for (const time of plannedTimes) if (!taskTimes.has(time)) missing += 1;

  const states: Record<string, number> = {};
  for (const task of tasks) states[task.state] = (states[task.state] ?? 0) + 1;
  const delays = tasks
    .filter((task) => task.state === "completed" && task.finished_at !== null)
    .map((task) => task.finished_at! - task.planned_at)
    .sort((a, b) => a - b);
  const checkCounts = new Map<string, number>();
  for (const check of checks) {
    const time = `${check.monitor_id} ${check.planned_at}`;
    checkCounts.set(time, (checkCounts.get(time) ?? 0) + 1);
  }
  return {
    planned: plannedTimes.size,
    tasks: tasks.length,
    states,
    missing,
    completedInWindow: Number(completedInWindow.n),
    delays,
    dispatchedMoreThanOnce: tasks.filter((task) => task.dispatch_count > 1).length,
    doubleChecks: [...checkCounts.values()].filter((count) => count > 1).length,
    checks: checks.length,
  };
}

import type { AgentSample } from "@upwatch/api";
import type { PlanId } from "@upwatch/core";
import type { Database } from "@upwatch/db";
import type { Transaction } from "kysely";
import { AgentAlerting } from "../src/alerting/index.ts";
import { createAlertingHarness } from "./alerting.ts";
import type { TestDatabase } from "./databases.ts";

const GIB = 1024 ** 3;

export interface ReportOptions {
  /** The agent's `monitoring_interval` in seconds (60 unless told). */
  monitoringInterval?: number;
  /** Another hook than the harness's. */
  alerting?: AgentAlerting;
  /** false: leave calling `afterReports` to the test. */
  afterReports?: boolean;
}

/** A healthy sample at `at`; `changes` override its figures. */
export function sampleAt(at: number, changes: Partial<AgentSample> = {}): AgentSample {
  return {
    sampled_at: at,
    cpu_percent: 20,
    cores: 4,
    load: { one: 1, five: 1, fifteen: 1 },
    memory: { total_bytes: 8 * GIB, used_bytes: 4 * GIB, available_bytes: 4 * GIB },
    network: { rx_bytes_per_second: 1000, tx_bytes_per_second: 500 },
    disks: [
      { mount: "/", description: "", total_bytes: 100 * GIB, used_bytes: 50 * GIB },
      { mount: "/var", description: "", total_bytes: 100 * GIB, used_bytes: 50 * GIB },
    ],
    services: [
      { name: "nginx", state: "running" },
      { name: "postgres", state: "running" },
    ],
    ...changes,
  };
}

/**
 * The monitor alerting harness plus agents seeded in the database, whose reports reach the
 * agent alerting hook in a transaction as the ingest calls it.
 */
export async function createAgentAlertingHarness(
  database: TestDatabase,
  plan: PlanId = "business",
) {
  const h = await createAlertingHarness(database, plan);
  const alerting = new AgentAlerting({
    db: h.db,
    actx: h.actx,
    log: { warn: () => {} },
    onQueued: () => {},
  });
  return {
    ...h,
    alerting,
    async agent(name: string, settings: { offlineAfterMinutes?: number; reported?: boolean } = {}) {
      const id = h.ctx.newId("agt");
      const now = h.clock.now;
      await h.db
        .insertInto("agents")
        .values({
          id,
          account_id: h.account.accountId,
          name,
          os: "linux",
          key_lookup: id.slice(-12),
          key_hash: "0".repeat(64),
          key_created_at: now,
          key_revoked_at: null,
          offline_after_minutes: settings.offlineAfterMinutes ?? 5,
          hostname: `${name}.internal`,
          platform: null,
          arch: null,
          version: null,
          capabilities: "[]",
          reported_config: null,
          latest_report: null,
          first_report_at: settings.reported === false ? null : now,
          last_report_at: settings.reported === false ? null : now,
          offline_since: null,
          created_at: now,
          updated_at: now,
        })
        .execute();
      return { id, name };
    },
    async rule(
      agentId: string,
      kind: string,
      settings: { threshold: number; durationMinutes?: number; severity?: string } & {
        disks?: string[];
        services?: string[];
      },
    ) {
      const id = h.ctx.newId("arl");
      await h.db
        .insertInto("agent_alert_rules")
        .values({
          id,
          account_id: h.account.accountId,
          agent_id: agentId,
          kind,
          threshold: settings.threshold,
          duration_minutes: settings.durationMinutes ?? 0,
          severity: settings.severity ?? "warning",
          disks: settings.disks ? JSON.stringify(settings.disks) : null,
          services: settings.services ? JSON.stringify(settings.services) : null,
          created_at: h.clock.now,
          updated_at: h.clock.now,
        })
        .execute();
      return id;
    },
    async channel(type: "webhook" | "email" | "slack", agentId: string) {
      const id = h.ctx.newId("chn");
      const config =
        type === "email" ? { address: "ops@example.com" } : { url: "http://127.0.0.1:9/hooks" };
      await h.db
        .insertInto("channels")
        .values({
          id,
          account_id: h.account.accountId,
          type,
          name: `${type} channel`,
          config: JSON.stringify(config),
          secret: type === "webhook" ? "whsec_dGVzdHNlY3JldHRlc3RzZWNyZXQ" : null,
          attach_to_new_monitors: 0,
          created_at: h.clock.now,
          updated_at: h.clock.now,
          confirmed_at: h.clock.now,
          confirmation_token_hash: null,
          confirmation_sent_at: null,
        })
        .execute();
      await h.db
        .insertInto("agent_channels")
        .values({ agent_id: agentId, channel_id: id })
        .execute();
      return id;
    },
    /**
     * Stores a report received at the clock's time as the ingest does, calling the hook in its
     * transaction and `afterReports` once committed. Returns the transaction.
     */
    async report(
      agentId: string,
      samples: AgentSample[] = [sampleAt(h.clock.now)],
      options: ReportOptions = {},
    ) {
      const hook = options.alerting ?? alerting;
      const agent = await h.db
        .selectFrom("agents")
        .selectAll()
        .where("id", "=", agentId)
        .executeTakeFirstOrThrow();
      const config = {
        monitoring_interval: options.monitoringInterval ?? 60,
        cpu_threshold: 80,
        memory_threshold: 85,
        disk_threshold: 90,
        log_level: "info" as const,
      };
      let committed: Transaction<Database> | undefined;
      await h.db.transaction().execute(async (trx) => {
        committed = trx;
        await trx
          .updateTable("agents")
          .set({
            last_report_at: h.clock.now,
            first_report_at: agent.first_report_at ?? h.clock.now,
            reported_config: JSON.stringify(config),
            latest_report:
              samples.length > 0 ? JSON.stringify(samples.at(-1)) : agent.latest_report,
          })
          .where("id", "=", agentId)
          .execute();
        await hook.onReports(trx, {
          agent: {
            id: agent.id,
            account_id: agent.account_id,
            plan,
            name: agent.name,
            identity: {
              version: "2.0.0",
              hostname: agent.hostname ?? "",
              platform: "Debian 12",
              arch: "x64",
              capabilities: [],
            },
            config,
            previous_report_at: agent.last_report_at,
            offline_since: agent.offline_since,
          },
          samples,
          received_at: h.clock.now,
        });
      });
      if (committed && options.afterReports !== false) hook.afterReports(committed);
      return committed;
    },
    agentAlerts(agentId: string) {
      return h.db
        .selectFrom("alerts")
        .selectAll()
        .where("agent_id", "=", agentId)
        .orderBy("opened_at")
        .orderBy("id")
        .execute();
    },
    agentNotifications(agentId: string) {
      return h.db
        .selectFrom("notifications")
        .selectAll()
        .where("agent_id", "=", agentId)
        .orderBy("created_at")
        .orderBy("id")
        .execute();
    },
  };
}

export type AgentAlertingHarness = Awaited<ReturnType<typeof createAgentAlertingHarness>>;

import type { AgentReportBatch, AgentSample } from "@upwatch/api";
import type { Database } from "@upwatch/db";
import type { Kysely } from "kysely";
import { generateAgentKey } from "../src/services/agents/agent-key-format.ts";

let counter = 0;

/** An agent of the account, stored as adding it in the app would, and its key. */
export async function createTestAgent(
  db: Kysely<Database>,
  accountId: string,
  name = "db-primary",
): Promise<{ id: string; key: string; headers: Record<string, string> }> {
  counter += 1;
  const { key, lookup, hash } = generateAgentKey();
  const id = `agt_test${counter}_${lookup.slice(0, 6)}`;
  const at = Date.now();
  await db
    .insertInto("agents")
    .values({
      id,
      account_id: accountId,
      name,
      os: "linux",
      key_lookup: lookup,
      key_hash: hash,
      key_created_at: at,
      key_revoked_at: null,
      offline_after_minutes: 5,
      hostname: null,
      platform: null,
      arch: null,
      version: null,
      capabilities: "[]",
      reported_config: null,
      latest_report: null,
      first_report_at: null,
      last_report_at: null,
      offline_since: null,
      created_at: at,
      updated_at: at,
    })
    .execute();
  return { id, key, headers: { authorization: `Bearer ${key}` } };
}

/** One sample of a healthy Linux machine taken at `at`, with changes. */
export function testSample(at: number, changes: Partial<AgentSample> = {}): AgentSample {
  return {
    sampled_at: at,
    cpu_percent: 12.5,
    cores: 4,
    load: { one: 0.5, five: 0.4, fifteen: 0.3 },
    memory: {
      total_bytes: 8_000_000_000,
      used_bytes: 2_000_000_000,
      available_bytes: 6_000_000_000,
    },
    network: { rx_bytes_per_second: 1000, tx_bytes_per_second: 2000 },
    disks: [{ mount: "/", description: "System", total_bytes: 100_000, used_bytes: 40_000 }],
    services: [{ name: "nginx", state: "running" }],
    ...changes,
  };
}

let batches = 0;

/** A batch of the given samples sent at `sentAt` by agent 2.0.0. */
export function testBatch(sentAt: number, reports: AgentSample[]): AgentReportBatch {
  batches += 1;
  return {
    batch_id: `batch_${sentAt}_${batches}`,
    sent_at: sentAt,
    agent: {
      version: "2.0.0",
      hostname: "db-primary",
      platform: "Debian GNU/Linux 12",
      arch: "x64",
      capabilities: [],
    },
    config: {
      monitoring_interval: 60,
      cpu_threshold: 80,
      memory_threshold: 85,
      disk_threshold: 90,
      log_level: "info",
    },
    reports,
  };
}

/** How many samples, disk samples and batches of the agent are stored. */
export async function storedAgentRows(
  db: Kysely<Database>,
  agentId: string,
): Promise<{ samples: number; disks: number; batches: number }> {
  const count = async (table: "agent_samples" | "agent_disk_samples" | "agent_batches") =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as("n"))
          .where("agent_id", "=", agentId)
          .executeTakeFirstOrThrow()
      ).n,
    );
  return {
    samples: await count("agent_samples"),
    disks: await count("agent_disk_samples"),
    batches: await count("agent_batches"),
  };
}

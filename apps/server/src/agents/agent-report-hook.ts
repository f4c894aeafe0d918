import type { AgentIdentity, AgentReportedConfig, AgentSample } from "@upwatch/api";
import type { PlanId } from "@upwatch/core";
import type { Database } from "@upwatch/db";
import type { Transaction } from "kysely";

/** The agent a stored batch came from, as it stands after the batch. */
export interface ReportingAgent {
  id: string;
  account_id: string;
  plan: PlanId;
  name: string;
  identity: AgentIdentity;
  config: AgentReportedConfig;
  /** When the agent reported before this batch; null for its first. */
  previous_report_at: number | null;
  /** When the agent had been declared offline; null while it was online. */
  offline_since: number | null;
}

/** A batch just stored: its new samples, oldest first, and when the server received it. */
export interface StoredAgentReport {
  agent: ReportingAgent;
  samples: readonly AgentSample[];
  received_at: number;
}

/**
 * Called inside the transaction that stores a batch, so alerts opened or resolved by it commit
 * with the samples (the alert engine's agent rules and its offline alert implement it).
 */
export type AgentReportHook = (
  trx: Transaction<Database>,
  report: StoredAgentReport,
) => Promise<void>;

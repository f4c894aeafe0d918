import type { Agent, CreateAgentInput } from "@upwatch/api";
import { AGENT_OFFLINE_AFTER, linksOf } from "@upwatch/core";
import type { AgentTable } from "@upwatch/db";
import type { AccountAccess } from "../accounts/account-access.ts";
import { lockAccount } from "../accounts/lock-account.ts";
import { actorOf, auditChanges, recordAuditEvent } from "../audit/record-audit-event.ts";
import type { ServiceContext } from "../context.ts";
import { storeOrExplain } from "../storage-error.ts";
import { channelsForNewAgents, setAgentChannels } from "./agent-channels.ts";
import { generateAgentKey } from "./agent-key-format.ts";
import { enforceAgentCount } from "./enforce-agent-count.ts";
import { presentOneAgent } from "./present-agent.ts";

/** An agent and its key, which is shown this once and only its hash is kept. */
export interface AgentWithKey {
  agent: Agent;
  key: string;
}

/**
 * Adds an agent within the plan's limit, counted under the account's lock so simultaneous
 * requests cannot pass it. It uses the channels marked for new monitors and those named.
 */
export async function createAgent(
  ctx: ServiceContext,
  access: AccountAccess,
  input: CreateAgentInput,
): Promise<AgentWithKey> {
  const at = ctx.now();
  const key = generateAgentKey();
  const row: AgentTable = {
    id: ctx.newId("agt"),
    account_id: access.accountId,
    name: input.name,
    os: input.os,
    key_lookup: key.lookup,
    key_hash: key.hash,
    key_created_at: at,
    key_revoked_at: null,
    offline_after_minutes: input.offline_after_minutes ?? AGENT_OFFLINE_AFTER.default,
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
    custom_metrics_refused_at: null,
    created_at: at,
    updated_at: at,
  };
  await storeOrExplain("the agent", () =>
    ctx.db.transaction().execute(async (trx) => {
      await lockAccount(trx, access.accountId);
      await enforceAgentCount(trx, access, ctx.now());
      await trx.insertInto("agents").values(row).execute();
      const channels =
        linksOf(undefined, [
          ...(await channelsForNewAgents(trx, access.accountId)),
          ...(linksOf(input.channel_ids, input.channels) ?? []),
        ]) ?? [];
      await setAgentChannels(trx, access.accountId, row.id, channels);
      await recordAuditEvent(trx, ctx, access.accountId, actorOf(access), {
        action: "agent.created",
        target: { type: "agent", id: row.id, label: row.name },
        changes: auditChanges({}, { name: row.name, os: row.os }),
      });
    }),
  );
  return { agent: await presentOneAgent(ctx.db, row, ctx.now()), key: key.key };
}

import type { AgentAlertRuleTable, Database } from "@upwatch/db";
import type { Kysely, Transaction } from "kysely";
import type { AccountAccess } from "../accounts/account-access.ts";
import { NotFoundError } from "../service-error.ts";
import { findOwnedAgent } from "./owned-agent.ts";

type Db = Kysely<Database> | Transaction<Database>;

/** A rule of one of the account's agents; anything else is not found. */
export async function findOwnedAgentRule(
  db: Db,
  access: Pick<AccountAccess, "accountId">,
  agentId: string,
  ruleId: string,
): Promise<AgentAlertRuleTable> {
  await findOwnedAgent(db, access, agentId);
  const rule = await db
    .selectFrom("agent_alert_rules")
    .selectAll()
    .where("id", "=", ruleId)
    .where("agent_id", "=", agentId)
    .executeTakeFirst();
  if (!rule) throw new NotFoundError("alert rule");
  return rule;
}

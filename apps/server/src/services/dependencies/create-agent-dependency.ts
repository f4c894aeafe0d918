import type { AgentDependencyTable, Database } from "@upwatch/db";
import type { Kysely } from "kysely";
import type { AccountAccess } from "../accounts/account-access.ts";
import { lockAccount } from "../accounts/lock-account.ts";
import type { ServiceContext } from "../context.ts";
import { ServiceError } from "../service-error.ts";
import { storeOrExplain } from "../storage-error.ts";
import { type DependencyView, viewAgentDependency } from "./dependency-record.ts";

export interface AgentDependencyInput {
  child_agent_id: string;
  parent_monitor_id: string;
}

/**
 * Holds the agent's alerts while its parent monitor (with any others) is down. Both must be the
 * account's; a duplicate is refused, checked under the account's lock. An agent is never a
 * parent, so no cycle can form.
 */
export async function createAgentDependency(
  ctx: ServiceContext,
  access: AccountAccess,
  input: AgentDependencyInput,
): Promise<DependencyView> {
  const row: AgentDependencyTable = {
    id: ctx.newId("dep"),
    account_id: access.accountId,
    agent_id: input.child_agent_id,
    parent_monitor_id: input.parent_monitor_id,
    created_at: ctx.now(),
  };
  await storeOrExplain("the dependency", () =>
    ctx.db.transaction().execute(async (trx) => {
      await lockAccount(trx, access.accountId);
      await requireInAccount(trx, "agents", row.agent_id, access.accountId, "child_agent_id");
      await requireInAccount(
        trx,
        "monitors",
        row.parent_monitor_id,
        access.accountId,
        "parent_monitor_id",
      );
      const existing = await trx
        .selectFrom("agent_dependencies")
        .select("id")
        .where("agent_id", "=", row.agent_id)
        .where("parent_monitor_id", "=", row.parent_monitor_id)
        .executeTakeFirst();
      if (existing) {
        throw new ServiceError(
          "conflict",
          `${row.agent_id} already depends on ${row.parent_monitor_id}.`,
        );
      }
      await trx.insertInto("agent_dependencies").values(row).execute();
    }),
  );
  return viewAgentDependency(row);
}

/** Refuses, naming the field, an agent or monitor id that is not the account's. */
async function requireInAccount(
  trx: Kysely<Database>,
  table: "agents" | "monitors",
  id: string,
  accountId: string,
  field: string,
): Promise<void> {
  const found = await trx
    .selectFrom(table)
    .select("id")
    .where("id", "=", id)
    .where("account_id", "=", accountId)
    .executeTakeFirst();
  if (!found) {
    const noun = table === "agents" ? "agent" : "monitor";
    throw new ServiceError("invalid", `${field}: there is no ${noun} ${id} in this account.`);
  }
}

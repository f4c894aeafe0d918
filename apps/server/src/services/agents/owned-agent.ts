import type { AgentTable, Database } from "@upwatch/db";
import type { Kysely, Transaction } from "kysely";
import type { AccountAccess } from "../accounts/account-access.ts";
import { NotFoundError } from "../service-error.ts";

type Db = Kysely<Database> | Transaction<Database>;

/** The account's agent with that id; another account's agent is not found, like a missing one. */
export async function findOwnedAgent(
  db: Db,
  access: Pick<AccountAccess, "accountId">,
  agentId: string,
): Promise<AgentTable> {
  const agent = await db
    .selectFrom("agents")
    .selectAll()
    .where("id", "=", agentId)
    .where("account_id", "=", access.accountId)
    .executeTakeFirst();
  if (!agent) throw new NotFoundError("agent");
  return agent;
}

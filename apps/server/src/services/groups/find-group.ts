import type { Group } from "@upwatch/api";
import type { Database, MonitorGroupTable } from "@upwatch/db";
import type { Kysely } from "kysely";
import type { AccountAccess } from "../accounts/account-access.ts";
import type { ServiceContext } from "../context.ts";
import { NotFoundError } from "../service-error.ts";
import { viewGroups } from "./group-record.ts";

/** One of the account's groups as stored; another account's group is not found. */
export async function findGroupRow(
  db: Kysely<Database>,
  accountId: string,
  groupId: string,
): Promise<MonitorGroupTable> {
  const row = await db
    .selectFrom("monitor_groups")
    .selectAll()
    .where("id", "=", groupId)
    .where("account_id", "=", accountId)
    .executeTakeFirst();
  if (!row) throw new NotFoundError("group");
  return row;
}

export async function getGroup(
  ctx: ServiceContext,
  access: AccountAccess,
  groupId: string,
): Promise<Group> {
  const row = await findGroupRow(ctx.db, access.accountId, groupId);
  const [group] = await viewGroups(ctx.db, [row]);
  if (!group) throw new NotFoundError("group");
  return group;
}

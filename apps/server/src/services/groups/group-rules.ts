import { MAX_GROUPS_PER_ACCOUNT, MAX_MONITORS_PER_GROUP } from "@upwatch/core";
import type { Database } from "@upwatch/db";
import type { Kysely } from "kysely";
import { firstForeignId } from "../accounts/first-foreign-id.ts";
import { ServiceError } from "../service-error.ts";
import { groupNameKey } from "./group-record.ts";

/** Throws a conflict when another group of the account has the name, whatever its case. */
export async function refuseTakenGroupName(
  db: Kysely<Database>,
  accountId: string,
  name: string,
  exceptGroupId?: string,
): Promise<void> {
  let query = db
    .selectFrom("monitor_groups")
    .select("id")
    .where("account_id", "=", accountId)
    .where("name_key", "=", groupNameKey(name));
  if (exceptGroupId) query = query.where("id", "!=", exceptGroupId);
  if (await query.executeTakeFirst()) {
    throw new ServiceError("conflict", `The account already has a group called “${name}”.`);
  }
}

export async function enforceGroupCount(db: Kysely<Database>, accountId: string): Promise<void> {
  const { count } = await db
    .selectFrom("monitor_groups")
    .select((eb) => eb.fn.countAll<number | string>().as("count"))
    .where("account_id", "=", accountId)
    .executeTakeFirstOrThrow();
  if (Number(count) >= MAX_GROUPS_PER_ACCOUNT) {
    throw new ServiceError(
      "conflict",
      `An account can have at most ${MAX_GROUPS_PER_ACCOUNT} groups; delete one before adding another.`,
    );
  }
}

/** Throws unless every id names one of the account's monitors. */
export async function refuseForeignMonitors(
  db: Kysely<Database>,
  accountId: string,
  monitorIds: readonly string[],
): Promise<void> {
  const missing = await firstForeignId(db, "monitors", accountId, monitorIds);
  if (missing) {
    throw new ServiceError(
      "invalid",
      `monitor_ids: there is no monitor ${missing} in this account.`,
    );
  }
}

/** Throws unless every id names one of the account's groups. */
export async function refuseForeignGroups(
  db: Kysely<Database>,
  accountId: string,
  groupIds: readonly string[],
): Promise<void> {
  const missing = await firstForeignId(db, "monitor_groups", accountId, groupIds);
  if (missing) {
    throw new ServiceError("invalid", `group_ids: there is no group ${missing} in this account.`);
  }
}

/** Throws when the group would hold more monitors than a group may. */
export async function enforceGroupSize(db: Kysely<Database>, groupId: string): Promise<void> {
  const { count } = await db
    .selectFrom("monitor_group_members")
    .select((eb) => eb.fn.countAll<number | string>().as("count"))
    .where("group_id", "=", groupId)
    .executeTakeFirstOrThrow();
  if (Number(count) > MAX_MONITORS_PER_GROUP) {
    throw new ServiceError(
      "invalid",
      `A group can hold at most ${MAX_MONITORS_PER_GROUP.toLocaleString("en")} monitors.`,
    );
  }
}

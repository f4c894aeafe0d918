import { type MultiStepOptions, secureReferences } from "@upwatch/core";
import { type Monitor, monitorFromRow } from "../../records/monitor-record.ts";
import type { ServiceContext } from "../context.ts";

/** A monitor using a secure variable, as the list and the refusal to delete name it. */
export interface SecureVariableUser {
  id: string;
  name: string;
}

/** The account's multi-step monitors, oldest first, with their options opened. */
async function multiStepMonitors(ctx: ServiceContext, accountId: string): Promise<Monitor[]> {
  const rows = await ctx.db
    .selectFrom("monitors")
    .selectAll()
    .where("account_id", "=", accountId)
    .where("type", "=", "multi_step")
    .orderBy("created_at")
    .orderBy("id")
    .execute();
  return rows.map((row) => monitorFromRow(row, ctx.secrets));
}

/** For each secure variable name in use, the account's monitors that refer to it. */
export async function findSecureVariableUsers(
  ctx: ServiceContext,
  accountId: string,
): Promise<Map<string, Monitor[]>> {
  const users = new Map<string, Monitor[]>();
  for (const monitor of await multiStepMonitors(ctx, accountId)) {
    for (const name of secureReferences(monitor.options as MultiStepOptions)) {
      const list = users.get(name) ?? [];
      list.push(monitor);
      users.set(name, list);
    }
  }
  return users;
}

import { SECURE_PREFIX } from "@upwatch/core";
import type { ServiceContext } from "../context.ts";
import { type Monitor, monitorFromRow } from "../monitors/monitor-record.ts";

/** A monitor using a secure variable, as the list and the refusal to delete name it. */
export interface SecureVariableUser {
  id: string;
  name: string;
}

/** The secure variable names a multi-step monitor's variables refer to as `secure:<name>`. */
export function secureNamesIn(options: unknown): string[] {
  const variables = (options as { variables?: unknown } | null)?.variables;
  if (!variables || typeof variables !== "object") return [];
  const names = new Set<string>();
  for (const value of Object.values(variables)) {
    if (typeof value === "string" && value.startsWith(SECURE_PREFIX)) {
      names.add(value.slice(SECURE_PREFIX.length));
    }
  }
  return [...names];
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
    for (const name of secureNamesIn(monitor.options)) {
      const list = users.get(name) ?? [];
      list.push(monitor);
      users.set(name, list);
    }
  }
  return users;
}

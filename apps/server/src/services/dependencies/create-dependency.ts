import { dependencyProblem } from "@upwatch/core";
import type { DependencyTable } from "@upwatch/db";
import type { AccountAccess } from "../accounts/account-access.ts";
import { lockAccount } from "../accounts/lock-account.ts";
import type { ServiceContext } from "../context.ts";
import { ServiceError } from "../service-error.ts";
import { storeOrExplain } from "../storage-error.ts";
import { createAgentDependency } from "./create-agent-dependency.ts";
import { type DependencyView, viewDependency } from "./dependency-record.ts";

export interface MonitorDependencyInput {
  child_monitor_id: string;
  parent_monitor_id: string;
}

/** The request's form: a monitor's dependency or an agent's. */
export type DependencyInput = {
  child_monitor_id?: string | undefined;
  child_agent_id?: string | undefined;
  parent_monitor_id: string;
};

/** Makes a monitor's or an agent's notifications depend on a parent monitor. */
export function createDependency(
  ctx: ServiceContext,
  access: AccountAccess,
  input: DependencyInput,
): Promise<DependencyView> {
  const parent = input.parent_monitor_id;
  if (input.child_agent_id !== undefined) {
    return createAgentDependency(ctx, access, {
      child_agent_id: input.child_agent_id,
      parent_monitor_id: parent,
    });
  }
  if (input.child_monitor_id === undefined) {
    throw new ServiceError("invalid", "child_monitor_id or child_agent_id is required.");
  }
  return createMonitorDependency(ctx, access, {
    child_monitor_id: input.child_monitor_id,
    parent_monitor_id: parent,
  });
}

/**
 * Makes the child's notifications depend on the parent. Both must be the account's monitors;
 * self-dependencies, duplicates and cycles are refused, checked under the account's lock.
 */
async function createMonitorDependency(
  ctx: ServiceContext,
  access: AccountAccess,
  input: MonitorDependencyInput,
): Promise<DependencyView> {
  const child = input.child_monitor_id;
  const parent = input.parent_monitor_id;
  const row: DependencyTable = {
    id: ctx.newId("dep"),
    account_id: access.accountId,
    child_monitor_id: child,
    parent_monitor_id: parent,
    created_at: ctx.now(),
  };
  await storeOrExplain("the dependency", () =>
    ctx.db.transaction().execute(async (trx) => {
      await lockAccount(trx, access.accountId);
      const owned = await trx
        .selectFrom("monitors")
        .select("id")
        .where("account_id", "=", access.accountId)
        .where("id", "in", [child, parent])
        .execute();
      for (const [field, id] of [
        ["child_monitor_id", child],
        ["parent_monitor_id", parent],
      ] as const) {
        if (!owned.some((monitor) => monitor.id === id)) {
          throw new ServiceError("invalid", `${field}: there is no monitor ${id} in this account.`);
        }
      }
      const edges = await trx
        .selectFrom("dependencies")
        .select(["child_monitor_id as childId", "parent_monitor_id as parentId"])
        .where("account_id", "=", access.accountId)
        .execute();
      const problem = dependencyProblem(edges, { childId: child, parentId: parent });
      if (problem === "self")
        throw new ServiceError("invalid", "A monitor cannot depend on itself.");
      if (problem === "duplicate") {
        throw new ServiceError("conflict", `${child} already depends on ${parent}.`);
      }
      if (problem === "cycle") {
        throw new ServiceError(
          "invalid",
          `This dependency would create a cycle: ${parent} already depends on ${child}.`,
        );
      }
      await trx.insertInto("dependencies").values(row).execute();
    }),
  );
  return viewDependency(row);
}

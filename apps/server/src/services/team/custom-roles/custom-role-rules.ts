import { getPlan, PLANS, type PlanId, ROLE_NAMES } from "@upwatch/core";
import type { Database } from "@upwatch/db";
import type { Kysely } from "kysely";
import { ServiceError } from "../../service-error.ts";
import { nameKeyOf } from "./custom-role-record.ts";

/** Throws a plan-limit ServiceError on plans without custom roles. */
export function enforceCustomRolePlan(planId: PlanId): void {
  const plan = getPlan(planId);
  if (plan.limits.customRoles) return;
  const offering = PLANS.filter((candidate) => candidate.limits.customRoles)
    .map((candidate) => candidate.name)
    .join(" and ");
  throw new ServiceError(
    "plan-limit",
    `Custom roles are part of the ${offering} plan; the ${plan.name} plan offers the built-in roles only.`,
  );
}

/** Throws a conflict when another role of the account (built-in included) has the name. */
export async function enforceFreeRoleName(
  trx: Kysely<Database>,
  accountId: string,
  name: string,
  exceptId?: string,
): Promise<void> {
  const key = nameKeyOf(name);
  const builtIn = Object.values(ROLE_NAMES).some((builtInName) => nameKeyOf(builtInName) === key);
  let query = trx
    .selectFrom("custom_roles")
    .select("id")
    .where("account_id", "=", accountId)
    .where("name_key", "=", key);
  if (exceptId) query = query.where("id", "!=", exceptId);
  if (builtIn || (await query.executeTakeFirst())) {
    throw new ServiceError(
      "conflict",
      `There is already a role named ${name.trim()}; choose another name.`,
    );
  }
}

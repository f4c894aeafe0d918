import type { ServiceContext } from "../context.ts";
import { NotFoundError, ServiceError } from "../service-error.ts";
import { isPlanId } from "./create-account.ts";

/** Moves an account to another plan; existing monitors stay, new ones follow the new rules. */
export async function setAccountPlan(
  ctx: ServiceContext,
  accountId: string,
  plan: string,
): Promise<void> {
  if (!isPlanId(plan)) throw new ServiceError("invalid", `Unknown plan "${plan}".`);
  const result = await ctx.db
    .updateTable("accounts")
    .set({ plan })
    .where("id", "=", accountId)
    .executeTakeFirst();
  if (result.numUpdatedRows === 0n) throw new NotFoundError("account");
}

import type { AlertTable } from "@upwatch/db";
import type { AccountAccess } from "../accounts/account-access.ts";
import type { ServiceContext } from "../context.ts";
import { NotFoundError } from "../service-error.ts";
import { type AlertView, viewAlerts } from "./alert-view.ts";

/** The stored alert of the account; another account's alert is not found, as a missing one. */
export async function findAlert(
  ctx: ServiceContext,
  access: AccountAccess,
  alertId: string,
): Promise<AlertTable> {
  const alert = await ctx.db
    .selectFrom("alerts")
    .selectAll()
    .where("id", "=", alertId)
    .where("account_id", "=", access.accountId)
    .executeTakeFirst();
  if (!alert) throw new NotFoundError("alert");
  return alert;
}

/** One of the account's alerts. */
export async function getAlert(
  ctx: ServiceContext,
  access: AccountAccess,
  alertId: string,
): Promise<AlertView> {
  const [view] = await viewAlerts(ctx.db, [await findAlert(ctx, access, alertId)], ctx.now());
  return view!;
}

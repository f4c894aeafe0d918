import type { AccountAccess } from "../accounts/account-access.ts";
import { actorOf, recordAuditEvent } from "../audit/record-audit-event.ts";
import type { ServiceContext } from "../context.ts";
import { storeOrExplain } from "../storage-error.ts";
import { findHandledInvitation } from "./find-handled-invitation.ts";

/**
 * Revokes a pending invitation: its link stops working and its place in the plan is freed. Only
 * by someone who could have given its role.
 */
export async function revokeInvitation(
  ctx: ServiceContext,
  access: AccountAccess,
  id: string,
): Promise<void> {
  const invitation = await findHandledInvitation(ctx, access, id);
  await storeOrExplain("the invitation", () =>
    ctx.db.transaction().execute(async (trx) => {
      await trx
        .updateTable("invitations")
        .set({ revoked_at: ctx.now() })
        .where("id", "=", id)
        .where("account_id", "=", access.accountId)
        .execute();
      await recordAuditEvent(trx, ctx, access.accountId, actorOf(access), {
        action: "invitation.revoked",
        target: { type: "invitation", id, label: invitation.email },
      });
    }),
  );
}

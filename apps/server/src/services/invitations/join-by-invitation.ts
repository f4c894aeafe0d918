import type { Database } from "@upwatch/db";
import type { Kysely } from "kysely";
import { isPlanId } from "../accounts/create-account.ts";
import { lockAccount } from "../accounts/lock-account.ts";
import { recordAuditEvent } from "../audit/record-audit-event.ts";
import type { ServiceContext } from "../context.ts";
import { requireRoomForAnotherUser } from "../members/user-limit.ts";
import { ServiceError } from "../service-error.ts";
import type { OpenInvitation } from "./invitation-by-token.ts";

/**
 * Makes the person a member with the invitation's role and marks it used, inside the caller's
 * transaction. The invitation is claimed first, so a link is used once however often it is sent.
 */
export async function joinByInvitation(
  trx: Kysely<Database>,
  ctx: Pick<ServiceContext, "now" | "newId">,
  invitation: OpenInvitation,
  person: { id: string; email: string; clientAddress?: string; userAgent?: string },
): Promise<void> {
  const now = ctx.now();
  // Held until the membership is stored, so two joins cannot both take the last place.
  await lockAccount(trx, invitation.accountId);
  const claimed = await trx
    .updateTable("invitations")
    .set({ accepted_at: now, accepted_by: person.id })
    .where("id", "=", invitation.id)
    .where("accepted_at", "is", null)
    .where("revoked_at", "is", null)
    .executeTakeFirst();
  if (Number(claimed.numUpdatedRows) !== 1) {
    throw new ServiceError("conflict", "This invitation was already accepted; sign in instead.");
  }
  const member = await trx
    .selectFrom("memberships")
    .select("user_id")
    .where("account_id", "=", invitation.accountId)
    .where("user_id", "=", person.id)
    .executeTakeFirst();
  if (member) throw new ServiceError("conflict", "You are already a member of this account.");
  if (isPlanId(invitation.accountPlan)) {
    const account = { id: invitation.accountId, plan: invitation.accountPlan };
    await requireRoomForAnotherUser(trx, account, now, false);
  }
  await trx
    .insertInto("memberships")
    .values({
      account_id: invitation.accountId,
      user_id: person.id,
      role: invitation.role,
      custom_role_id: invitation.customRoleId,
      created_at: now,
    })
    .execute();
  await recordAuditEvent(
    trx,
    ctx,
    invitation.accountId,
    {
      kind: "user",
      userId: person.id,
      label: person.email,
      ipAddress: person.clientAddress,
      userAgent: person.userAgent,
    },
    {
      action: "member.joined",
      target: { type: "member", id: person.id, label: person.email },
      changes: { role: { before: null, after: invitation.roleName } },
    },
  );
}

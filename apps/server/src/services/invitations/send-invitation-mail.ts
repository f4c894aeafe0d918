import type { Database } from "@upwatch/db";
import type { Kysely } from "kysely";
import { invitationMail } from "../../mail/messages/invitation.ts";
import { enqueueMail } from "../../mail/outbox.ts";
import type { AuthContext } from "../auth/auth-context.ts";
import { INVITATION_MAIL_KIND } from "./invitation-rules.ts";

/** Queues the invitation's mail with its link, inside the caller's transaction. */
export async function sendInvitationMail(
  trx: Kysely<Database>,
  ctx: AuthContext,
  invitation: { email: string; accountId: string; invitedBy: string | null; roleName: string },
  token: string,
): Promise<void> {
  const account = await trx
    .selectFrom("accounts")
    .select("name")
    .where("id", "=", invitation.accountId)
    .executeTakeFirstOrThrow();
  const inviter = invitation.invitedBy
    ? await trx
        .selectFrom("users")
        .select("email")
        .where("id", "=", invitation.invitedBy)
        .executeTakeFirst()
    : undefined;
  const mail = invitationMail(
    {
      email: invitation.email,
      accountName: account.name,
      inviter: inviter?.email ?? null,
      roleName: invitation.roleName,
    },
    `${ctx.appUrl}/invitations/${token}`,
  );
  await enqueueMail(trx, ctx, INVITATION_MAIL_KIND, mail);
}

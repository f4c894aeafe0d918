import { getPlan } from "@upwatch/core";
import type { Database } from "@upwatch/db";
import type { Kysely } from "kysely";
import { isPlanId } from "../accounts/create-account.ts";
import { lockAccount } from "../accounts/lock-account.ts";
import { type AuditActor, recordAuditEvent } from "../audit/record-audit-event.ts";
import type { ServiceContext } from "../context.ts";
import { countAccountUsers } from "../members/user-limit.ts";
import { ServiceError } from "../service-error.ts";
import type { StoredSsoSettings } from "./sso-settings.ts";

/**
 * Makes a person linked to the account's provider a member with the default role, when they
 * are not one yet, within the plan's users (members and pending invitations). Answers whether
 * they are a member now; inside the caller's transaction.
 */
export async function joinThroughSso(
  trx: Kysely<Database>,
  ctx: Pick<ServiceContext, "now" | "newId">,
  settings: StoredSsoSettings,
  person: { id: string; email: string },
  actor: AuditActor,
): Promise<void> {
  const accountId = settings.account_id;
  const member = await trx
    .selectFrom("memberships")
    .select("role")
    .where("account_id", "=", accountId)
    .where("user_id", "=", person.id)
    .executeTakeFirst();
  if (member) return;
  const now = ctx.now();
  // Held until the membership is stored, so two sign-ins cannot both take the last place.
  await lockAccount(trx, accountId);
  await requireRoomForYou(trx, accountId, now);
  await trx
    .insertInto("memberships")
    .values({
      account_id: accountId,
      user_id: person.id,
      role: settings.default_role,
      custom_role_id: settings.default_custom_role_id,
      created_at: now,
    })
    .execute();
  await recordAuditEvent(trx, ctx, accountId, actor, {
    action: "member.joined",
    target: { type: "user", id: person.id, label: person.email },
    changes: {
      role: { before: null, after: settings.default_role },
      method: { before: null, after: "sso" },
    },
  });
}

/** Refuses a new member when the plan's users (members and pending invitations) are all taken. */
async function requireRoomForYou(trx: Kysely<Database>, accountId: string, now: number) {
  const account = await trx
    .selectFrom("accounts")
    .select("plan")
    .where("id", "=", accountId)
    .executeTakeFirstOrThrow();
  const plan = getPlan(isPlanId(account.plan) ? account.plan : "free");
  const allowed = plan.limits.users;
  if (allowed === null) return;
  if ((await countAccountUsers(trx, accountId, now)) < allowed) return;
  throw new ServiceError(
    "plan-limit",
    `This organisation's plan (${plan.name}) allows ${allowed} users and has no room for you; ask its owner to make room.`,
  );
}

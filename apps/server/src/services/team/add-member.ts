import { type BuiltInRole, getPlan, isBuiltInRole, ROLE_NAMES } from "@upwatch/core";
import { isPlanId } from "../accounts/create-account.ts";
import { recordAuditEvent } from "../audit/record-audit-event.ts";
import type { ServiceContext } from "../context.ts";
import { NotFoundError, ServiceError } from "../service-error.ts";

/** The roles the operator may give: every built-in role but owner (an account has one). */
const GIVABLE_ROLES: readonly BuiltInRole[] = ["admin", "member", "viewer"];

/**
 * Makes a person who already signs in to Upwatch a member of another account, with a role,
 * for the operator. Their next sign-in opens that account. The plan's user limit applies
 * (members and pending invitations count), as for invitations.
 */
export async function addMember(
  ctx: ServiceContext,
  input: { accountId: string; email: string; role: string },
): Promise<{ userId: string; role: BuiltInRole }> {
  const role = input.role.toLowerCase();
  if (!isBuiltInRole(role) || !GIVABLE_ROLES.includes(role)) {
    throw new ServiceError("invalid", "The role must be one of admin, member, viewer.");
  }
  return ctx.db.transaction().execute(async (trx) => {
    const account = await trx
      .selectFrom("accounts")
      .select(["id", "plan"])
      .where("id", "=", input.accountId)
      .executeTakeFirst();
    if (!account || !isPlanId(account.plan)) throw new NotFoundError("account");
    const person = await trx
      .selectFrom("users")
      .select(["id", "email"])
      .where("email_key", "=", input.email.trim().toLowerCase())
      .executeTakeFirst();
    if (!person) {
      throw new ServiceError(
        "not-found",
        "Nobody signs in with that address; the person gets a sign-in first (by registering, through an invitation, or with create-account), then is added.",
      );
    }
    const existing = await trx
      .selectFrom("memberships")
      .select("role")
      .where("account_id", "=", account.id)
      .where("user_id", "=", person.id)
      .executeTakeFirst();
    if (existing) {
      throw new ServiceError("conflict", "That person is already a member of the account.");
    }
    const plan = getPlan(account.plan);
    const limit = plan.limits.users;
    if (limit !== null) {
      const members = await trx
        .selectFrom("memberships")
        .select((eb) => eb.fn.countAll<number>().as("count"))
        .where("account_id", "=", account.id)
        .executeTakeFirstOrThrow();
      const pending = await trx
        .selectFrom("invitations")
        .select((eb) => eb.fn.countAll<number>().as("count"))
        .where("account_id", "=", account.id)
        .where("accepted_at", "is", null)
        .where("revoked_at", "is", null)
        .where("expires_at", ">", ctx.now())
        .executeTakeFirstOrThrow();
      const used = Number(members.count) + Number(pending.count);
      if (used >= limit) {
        throw new ServiceError(
          "plan-limit",
          `Your plan (${plan.name}) allows ${limit} ${limit === 1 ? "user" : "users"}; the account has ${used} (members and pending invitations). Remove one or upgrade to add more.`,
        );
      }
    }
    await trx
      .insertInto("memberships")
      .values({
        account_id: account.id,
        user_id: person.id,
        role,
        custom_role_id: null,
        created_at: ctx.now(),
      })
      .execute();
    await trx
      .updateTable("users")
      .set({ account_id: account.id })
      .where("id", "=", person.id)
      .execute();
    await recordAuditEvent(
      trx,
      ctx,
      account.id,
      { kind: "operator" },
      {
        action: "member.joined",
        target: { type: "user", id: person.id, label: person.email },
        changes: { role: { before: null, after: ROLE_NAMES[role] } },
      },
    );
    return { userId: person.id, role };
  });
}

import type { AuditActor } from "../audit/record-audit-event.ts";
import type { AuthContext } from "../auth/auth-context.ts";
import { getSession } from "../auth/get-session.ts";
import type { SignedIn } from "../auth/signed-in.ts";
import { moveSession } from "../invitations/move-session.ts";
import { ServiceError } from "../service-error.ts";
import type { ClientOf } from "../two-factor/record-person-event.ts";
import { joinThroughSso } from "./join-through-sso.ts";
import { linkSsoIdentity } from "./link-sso-identity.ts";
import { takePendingSsoLink } from "./pending-sso-links.ts";
import { loadSsoSettings } from "./sso-settings.ts";

/** A sign-in that may have finished linking a single sign-on: the organisation's name then. */
export interface SignedInAndLinked {
  signedIn: SignedIn;
  linkedTo?: string | undefined;
}

/**
 * After a person's full sign-in with their own password (`password`), and second factor when
 * they have one (`two-factor`), links the provider identity that was refused in this browser to
 * them: the person joins the organisation with its default role (within its plan's users) and
 * the session moves there, unless the organisation requires single sign-on of its members. The
 * link is used up either way; a link for someone else, expired or for a provider since removed
 * leaves the sign-in as it was.
 */
export async function finishSsoLink(
  ctx: AuthContext,
  input: {
    token: string;
    signedIn: SignedIn;
    method: "password" | "two-factor";
    client: ClientOf;
  },
): Promise<SignedInAndLinked> {
  const { signedIn } = input;
  const person = signedIn.user;
  const linked = await ctx.transact(async (trx) => {
    const pending = await takePendingSsoLink(trx, ctx, input.token);
    if (!pending || pending.userId !== person.id) return undefined;
    const settings = await loadSsoSettings(trx, pending.accountId);
    if (settings?.enabled !== 1) return undefined;
    const actor: AuditActor = {
      kind: "user",
      userId: person.id,
      label: person.email,
      ipAddress: input.client.clientAddress,
      userAgent: input.client.userAgent,
    };
    const link = { ...pending, email: person.email };
    if (!(await linkSsoIdentity(trx, ctx, link, input.method, actor))) return undefined;
    const organisation = await trx
      .selectFrom("accounts")
      .select("name")
      .where("id", "=", pending.accountId)
      .executeTakeFirstOrThrow();
    try {
      await joinThroughSso(trx, ctx, settings, person, actor);
    } catch (error) {
      // Linked all the same: the next sign-in through the provider says why it cannot join.
      if (error instanceof ServiceError && error.code === "plan-limit") {
        return { name: organisation.name, moveTo: undefined };
      }
      throw error;
    }
    const membership = await trx
      .selectFrom("memberships")
      .select("role")
      .where("account_id", "=", pending.accountId)
      .where("user_id", "=", person.id)
      .executeTakeFirstOrThrow();
    // A password session does not open an organisation that requires its single sign-on.
    if (settings.required === 1 && membership.role !== "owner") {
      return { name: organisation.name, moveTo: undefined };
    }
    await moveSession(
      trx,
      { userId: person.id, sessionId: signedIn.session.id },
      pending.accountId,
    );
    return { name: organisation.name, moveTo: pending.accountId };
  });
  if (!linked) return { signedIn };
  if (!linked.moveTo) return { signedIn, linkedTo: linked.name };
  const view = await getSession(ctx, {
    userId: person.id,
    accountId: linked.moveTo,
    sessionId: signedIn.session.id,
  });
  return { signedIn: { ...view, session: signedIn.session }, linkedTo: linked.name };
}

import type { Database } from "@upwatch/db";
import type { Kysely } from "kysely";
import { type AuditActor, recordAuditEvent } from "../audit/record-audit-event.ts";
import { hashToken } from "../auth/auth-tokens.ts";
import { signInUser } from "../auth/sign-in-user.ts";
import type { SignedIn } from "../auth/signed-in.ts";
import { ServiceError } from "../service-error.ts";
import { joinThroughSso } from "./join-through-sso.ts";
import { linkSsoIdentity, linkWithoutPassword } from "./link-sso-identity.ts";
import { createPendingSsoLink } from "./pending-sso-links.ts";
import type { SsoContext } from "./sso-context.ts";
import { loadSsoSettings, type StoredSsoSettings } from "./sso-settings.ts";
import { UNVERIFIED, type VerifiedClaims, verifiedSsoClaims } from "./verified-sso-claims.ts";

const EXPIRED = "The single sign-on attempt expired or was already used; please start again.";

/** The refusal of an address that already signs in and is not linked to the provider yet. */
export const ssoLinkRequired = (organisation: string) =>
  `An Upwatch sign-in already uses this address; sign in with your password (and second factor) once to link it to ${organisation}'s single sign-on.`;

/** The refusal of a provider's answer that reached another browser than the one that asked. */
export const SSO_STARTED_ELSEWHERE =
  "This single sign-on did not start in this browser; start it again from the login page.";

/** Where the provider sent the browser back, and who the browser is. */
export interface SsoCallback {
  /** The callback's query string as received (`state`, `code`, `iss` or `error`). */
  query: Record<string, string>;
  clientAddress: string;
  userAgent: string | undefined;
  /** The browser holds the state it was given when the sign-in started. */
  startedInThisBrowser: boolean;
}

/**
 * How a single sign-on ended: a session in the provider's account, or a refusal of an address
 * that already signs in, with the token of the link its person's own sign-in may finish. Other
 * refusals, an answer that reached another browser among them, are thrown.
 */
export type SsoOutcome =
  | { kind: "signed-in"; signedIn: SignedIn }
  | { kind: "link-required"; linkToken: string; message: string };

/**
 * Finishes a single sign-on: checks the provider's answer against the stored attempt, then signs
 * in the person linked to the provider's subject, or a new person for a new address. An address
 * that already signs in is linked by the provider alone only when its person is a member who
 * joined through an invitation (or was linked to this provider before); anyone else is refused
 * until they sign in with their own password. The session is confined to the provider's account.
 */
export async function completeSsoSignIn(
  ctx: SsoContext,
  callback: SsoCallback,
): Promise<SsoOutcome> {
  const state = callback.query.state;
  const attempt = state
    ? await ctx.transact(async (trx) => {
        const row = await trx
          .selectFrom("sso_attempts")
          .selectAll()
          .where("state_hash", "=", hashToken(state))
          .executeTakeFirst();
        if (row)
          await trx.deleteFrom("sso_attempts").where("state_hash", "=", row.state_hash).execute();
        return row;
      })
    : undefined;
  if (!attempt || attempt.expires_at <= ctx.now()) throw new ServiceError("invalid", EXPIRED);
  const settings = await loadSsoSettings(ctx.db, attempt.account_id);
  if (!settings) throw new ServiceError("invalid", EXPIRED);
  const actor: AuditActor = {
    kind: "system",
    label: "Single sign-on",
    ipAddress: callback.clientAddress,
    userAgent: callback.userAgent,
  };
  try {
    // An answer carried to someone else's browser would sign them in as the sender (login CSRF).
    if (!callback.startedInThisBrowser) throw new ServiceError("invalid", SSO_STARTED_ELSEWHERE);
    const claims = await verifiedSsoClaims(ctx, settings, attempt, callback.query);
    actor.label = claims.email;
    return await signInThroughProvider(ctx, settings, claims, actor, callback);
  } catch (error) {
    const refusal =
      error instanceof ServiceError
        ? error
        : new ServiceError("invalid", UNVERIFIED, { cause: error });
    await ctx.transact((trx) =>
      recordFailure(trx, ctx, settings.account_id, actor, refusal.message),
    );
    throw refusal;
  }
}

async function signInThroughProvider(
  ctx: SsoContext,
  settings: StoredSsoSettings,
  claims: VerifiedClaims,
  actor: AuditActor,
  callback: SsoCallback,
): Promise<SsoOutcome> {
  const accountId = settings.account_id;
  return ctx.transact(async (trx) => {
    const person = await personOfIdentity(ctx, trx, settings, claims, actor);
    if (person.kind === "unlinked") {
      return refuseUnlinked(ctx, trx, settings, claims, person.userId, actor);
    }
    actor.kind = "user";
    actor.userId = person.userId;
    await joinThroughSso(trx, ctx, settings, { id: person.userId, email: claims.email }, actor);
    const signedIn = await signInUser(ctx, trx, person.userId, {
      accountId,
      device: {
        method: "sso",
        ipAddress: callback.clientAddress,
        userAgent: callback.userAgent,
        confinedAccountId: accountId,
      },
    });
    await recordAuditEvent(trx, ctx, accountId, actor, {
      action: "sign_in.succeeded",
      target: { type: "user", id: person.userId, label: claims.email },
      changes: { method: { before: null, after: "sso" } },
    });
    return { kind: "signed-in", signedIn };
  });
}

type PersonOfIdentity = { kind: "linked" | "unlinked"; userId: string };

/**
 * The person behind the provider identity; else a new person for an address nobody uses (linked
 * at once); else the person with the address, linked only when the provider alone may link them.
 */
async function personOfIdentity(
  ctx: SsoContext,
  trx: Kysely<Database>,
  settings: StoredSsoSettings,
  claims: VerifiedClaims,
  actor: AuditActor,
): Promise<PersonOfIdentity> {
  const accountId = settings.account_id;
  const linked = await trx
    .selectFrom("sso_identities")
    .select("user_id")
    .where("account_id", "=", accountId)
    .where("subject", "=", claims.subject)
    .executeTakeFirst();
  if (linked) return { kind: "linked", userId: linked.user_id };
  const emailKey = claims.email.toLowerCase();
  const existing = await trx
    .selectFrom("users")
    .select("id")
    .where("email_key", "=", emailKey)
    .executeTakeFirst();
  const link = { accountId, subject: claims.subject, email: claims.email };
  if (existing) {
    const method = await linkWithoutPassword(trx, accountId, existing.id);
    if (!method) return { kind: "unlinked", userId: existing.id };
    const person = { kind: "user" as const, userId: existing.id, label: claims.email };
    await linkSsoIdentity(trx, ctx, { ...link, userId: existing.id }, method, {
      ...actor,
      ...person,
    });
    return { kind: "linked", userId: existing.id };
  }
  const id = ctx.newId("usr");
  const now = ctx.now();
  await trx
    .insertInto("users")
    .values({
      id,
      account_id: accountId,
      email: claims.email,
      email_key: emailKey,
      password_hash: null,
      created_at: now,
    })
    .execute();
  await trx
    .insertInto("sso_identities")
    .values({ account_id: accountId, subject: claims.subject, user_id: id, created_at: now })
    .execute();
  return { kind: "linked", userId: id };
}

/**
 * Signs nobody in: remembers the identity for the person's own next sign-in in this browser
 * and records the refusal.
 */
async function refuseUnlinked(
  ctx: SsoContext,
  trx: Kysely<Database>,
  settings: StoredSsoSettings,
  claims: VerifiedClaims,
  userId: string,
  actor: AuditActor,
): Promise<SsoOutcome> {
  const accountId = settings.account_id;
  const organisation = await trx
    .selectFrom("accounts")
    .select("name")
    .where("id", "=", accountId)
    .executeTakeFirstOrThrow();
  const message = ssoLinkRequired(organisation.name);
  await recordAuditEvent(trx, ctx, accountId, actor, {
    action: "sso.identity_refused",
    target: { type: "user", id: userId, label: claims.email },
    changes: { reason: { before: null, after: "The address already signs in and is not linked." } },
  });
  await recordFailure(trx, ctx, accountId, actor, message);
  const linkToken = await createPendingSsoLink(trx, ctx, {
    accountId,
    subject: claims.subject,
    userId,
  });
  return { kind: "link-required", linkToken, message };
}

function recordFailure(
  trx: Kysely<Database>,
  ctx: SsoContext,
  accountId: string,
  actor: AuditActor,
  reason: string,
) {
  return recordAuditEvent(trx, ctx, accountId, actor, {
    action: "sign_in.failed",
    changes: {
      method: { before: null, after: "sso" },
      reason: { before: null, after: reason },
    },
  });
}

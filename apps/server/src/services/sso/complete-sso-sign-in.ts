import { getPlan } from "@upwatch/core";
import type { Database } from "@upwatch/db";
import type { Kysely } from "kysely";
import * as oidc from "openid-client";
import { isPlanId } from "../accounts/create-account.ts";
import { type AuditActor, recordAuditEvent } from "../audit/record-audit-event.ts";
import { hashToken } from "../auth/auth-tokens.ts";
import { signInUser } from "../auth/sign-in-user.ts";
import type { SignedIn } from "../auth/signed-in.ts";
import { ServiceError } from "../service-error.ts";
import type { SsoContext } from "./sso-context.ts";
import { discoverProvider } from "./sso-provider.ts";
import {
  clientSecretPlace,
  domainOf,
  loadSsoSettings,
  type StoredSsoSettings,
} from "./sso-settings.ts";

const EXPIRED = "The single sign-on attempt expired or was already used; please start again.";
const UNVERIFIED =
  "The sign-in provider's answer could not be verified; please start again or ask your administrator.";

/** Where the provider sent the browser back, and who the browser is. */
export interface SsoCallback {
  /** The callback's query string as received (`state`, `code`, `iss` or `error`). */
  query: Record<string, string>;
  clientAddress: string;
  userAgent: string | undefined;
}

/**
 * Finishes a single sign-on: checks the provider's answer against the stored attempt (state,
 * PKCE, nonce, issuer, audience and the ID token's signature), requires a verified address in
 * one of the account's domains, then finds the person by their provider identity or address,
 * or creates them, adds them to the account with its default role when they are not a member
 * yet (within the plan's user limit), and starts a session in that account.
 */
export async function completeSsoSignIn(ctx: SsoContext, callback: SsoCallback): Promise<SignedIn> {
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
    const claims = await verifiedClaims(ctx, settings, attempt, callback.query);
    actor.label = claims.email;
    return await signInMember(ctx, settings, claims, actor);
  } catch (error) {
    const refusal =
      error instanceof ServiceError
        ? error
        : new ServiceError("invalid", UNVERIFIED, { cause: error });
    await ctx.transact((trx) =>
      recordAuditEvent(trx, ctx, settings.account_id, actor, {
        action: "sign_in.failed",
        changes: {
          method: { before: null, after: "sso" },
          reason: { before: null, after: refusal.message },
        },
      }),
    );
    throw refusal;
  }
}

interface VerifiedClaims {
  subject: string;
  email: string;
}

async function verifiedClaims(
  ctx: SsoContext,
  settings: StoredSsoSettings,
  attempt: { nonce: string; code_verifier: string },
  query: Record<string, string>,
): Promise<VerifiedClaims> {
  if (query.error) {
    throw new ServiceError(
      "invalid",
      `The sign-in provider did not sign you in (${query.error.slice(0, 100)}).`,
    );
  }
  const provider = await discoverProvider(ctx, {
    issuer: settings.issuer,
    clientId: settings.client_id,
    clientSecret: ctx.secrets.open(
      settings.client_secret_sealed,
      clientSecretPlace(settings.account_id),
    ),
  });
  const currentUrl = new URL(ctx.redirectUri);
  for (const [name, value] of Object.entries(query)) currentUrl.searchParams.set(name, value);
  const tokens = await oidc.authorizationCodeGrant(provider, currentUrl, {
    pkceCodeVerifier: attempt.code_verifier,
    expectedState: query.state,
    expectedNonce: attempt.nonce,
    idTokenExpected: true,
  });
  const idToken = tokens.claims();
  if (!idToken) throw new ServiceError("invalid", UNVERIFIED);
  // Providers may leave the address out of the ID token and answer it from the userinfo endpoint.
  const claims =
    typeof idToken.email === "string"
      ? idToken
      : await oidc.fetchUserInfo(provider, tokens.access_token, idToken.sub);
  const email = typeof claims.email === "string" ? claims.email.trim() : "";
  if (!email.includes("@")) {
    throw new ServiceError("invalid", "The sign-in provider did not tell us your e-mail address.");
  }
  if (claims.email_verified === false) {
    throw new ServiceError(
      "invalid",
      "The sign-in provider has not verified your e-mail address; verify it there first.",
    );
  }
  if (!settings.domains.includes(domainOf(email))) {
    throw new ServiceError(
      "forbidden",
      "Your e-mail address's domain does not sign in through this organisation's single sign-on.",
    );
  }
  return { subject: idToken.sub, email };
}

async function signInMember(
  ctx: SsoContext,
  settings: StoredSsoSettings,
  claims: VerifiedClaims,
  actor: AuditActor,
): Promise<SignedIn> {
  const accountId = settings.account_id;
  return ctx.transact(async (trx) => {
    const now = ctx.now();
    const userId = await findOrCreatePerson(ctx, trx, accountId, claims);
    actor.kind = "user";
    actor.userId = userId;
    const membership = await trx
      .selectFrom("memberships")
      .select("role")
      .where("account_id", "=", accountId)
      .where("user_id", "=", userId)
      .executeTakeFirst();
    if (!membership) {
      await enforceUserLimit(trx, accountId, now);
      await trx
        .insertInto("memberships")
        .values({
          account_id: accountId,
          user_id: userId,
          role: settings.default_role,
          custom_role_id: settings.default_custom_role_id,
          created_at: now,
        })
        .execute();
      await recordAuditEvent(trx, ctx, accountId, actor, {
        action: "member.joined",
        target: { type: "user", id: userId, label: claims.email },
        changes: {
          role: { before: null, after: settings.default_role },
          method: { before: null, after: "sso" },
        },
      });
    }
    const linked = await trx
      .selectFrom("sso_identities")
      .select("user_id")
      .where("account_id", "=", accountId)
      .where("subject", "=", claims.subject)
      .executeTakeFirst();
    if (!linked) {
      await trx
        .insertInto("sso_identities")
        .values({
          account_id: accountId,
          subject: claims.subject,
          user_id: userId,
          created_at: now,
        })
        .execute();
    }
    await trx
      .updateTable("users")
      .set({ account_id: accountId })
      .where("id", "=", userId)
      .execute();
    const signedIn = await signInUser(ctx, trx, userId);
    await trx
      .updateTable("sessions")
      .set({
        method: "sso",
        ip_address: actor.ipAddress ?? null,
        user_agent: actor.userAgent ?? null,
      })
      .where("token_hash", "=", signedIn.session.id)
      .execute();
    await recordAuditEvent(trx, ctx, accountId, actor, {
      action: "sign_in.succeeded",
      changes: { method: { before: null, after: "sso" } },
    });
    return signedIn;
  });
}

/** The person behind the provider identity, else the one with the address, else a new one. */
async function findOrCreatePerson(
  ctx: SsoContext,
  trx: Kysely<Database>,
  accountId: string,
  claims: VerifiedClaims,
): Promise<string> {
  const linked = await trx
    .selectFrom("sso_identities")
    .select("user_id")
    .where("account_id", "=", accountId)
    .where("subject", "=", claims.subject)
    .executeTakeFirst();
  if (linked) return linked.user_id;
  const emailKey = claims.email.toLowerCase();
  const existing = await trx
    .selectFrom("users")
    .select("id")
    .where("email_key", "=", emailKey)
    .executeTakeFirst();
  if (existing) return existing.id;
  const id = ctx.newId("usr");
  await trx
    .insertInto("users")
    .values({
      id,
      account_id: accountId,
      email: claims.email,
      email_key: emailKey,
      password_hash: null,
      created_at: ctx.now(),
    })
    .execute();
  return id;
}

/** Refuses a new member when the plan's users (members and pending invitations) are all taken. */
async function enforceUserLimit(trx: Kysely<Database>, accountId: string, now: number) {
  const account = await trx
    .selectFrom("accounts")
    .select("plan")
    .where("id", "=", accountId)
    .executeTakeFirstOrThrow();
  const plan = getPlan(isPlanId(account.plan) ? account.plan : "free");
  const allowed = plan.limits.users;
  if (allowed === null) return;
  const members = await trx
    .selectFrom("memberships")
    .select((eb) => eb.fn.countAll<number | string>().as("count"))
    .where("account_id", "=", accountId)
    .executeTakeFirstOrThrow();
  const invited = await trx
    .selectFrom("invitations")
    .select((eb) => eb.fn.countAll<number | string>().as("count"))
    .where("account_id", "=", accountId)
    .where("accepted_at", "is", null)
    .where("revoked_at", "is", null)
    .where("expires_at", ">", now)
    .executeTakeFirstOrThrow();
  if (Number(members.count) + Number(invited.count) < allowed) return;
  throw new ServiceError(
    "plan-limit",
    `This organisation's plan (${plan.name}) allows ${allowed} users and has no room for you; ask its owner to make room.`,
  );
}

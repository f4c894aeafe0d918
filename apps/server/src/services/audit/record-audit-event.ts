import { ALL_PLANS } from "@upwatch/core";
import type { Database } from "@upwatch/db";
import type { Kysely } from "kysely";
import type { AccountAccess } from "../accounts/account-access.ts";
import type { ServiceContext } from "../context.ts";

/** Who did it: a signed-in person, an API key, the operator's admin command, or the server. */
export interface AuditActor {
  kind: "user" | "api_key" | "operator" | "system";
  userId?: string | undefined;
  apiKeyId?: string | undefined;
  /** How to show the actor; looked up from the person or key when left out. */
  label?: string | undefined;
  ipAddress?: string | undefined;
  userAgent?: string | undefined;
}

/** A field's value before and after a change; secrets are given masked (see auditChanges). */
export type AuditChanges = Record<string, { before: unknown; after: unknown }>;

/** What happened, to what. `action` is `<thing>.<verb>`, e.g. `monitor.updated`. */
export interface AuditEventInput {
  action: string;
  target?: { type: string; id: string; label: string } | undefined;
  changes?: AuditChanges | null | undefined;
}

/** The actor behind an API request: its person or its key, and where the request came from. */
export function actorOf(access: AccountAccess): AuditActor {
  return {
    kind: access.apiKeyId ? "api_key" : "user",
    userId: access.userId,
    apiKeyId: access.apiKeyId,
    ipAddress: access.clientAddress,
    userAgent: access.userAgent,
  };
}

/**
 * Appends one event to the account's audit log, inside the caller's transaction so the log and
 * the change are stored together. Accounts whose plan keeps no audit log record nothing.
 */
export async function recordAuditEvent(
  db: Kysely<Database>,
  ctx: Pick<ServiceContext, "now" | "newId">,
  accountId: string,
  actor: AuditActor,
  event: AuditEventInput,
): Promise<void> {
  const account = await db
    .selectFrom("accounts")
    .select("plan")
    .where("id", "=", accountId)
    .executeTakeFirst();
  const plan = ALL_PLANS.find((candidate) => candidate.id === account?.plan);
  if (!plan?.limits.auditLog) return;
  await db
    .insertInto("audit_events")
    .values({
      id: ctx.newId("aud"),
      account_id: accountId,
      at: ctx.now(),
      actor_kind: actor.kind,
      actor_user_id: actor.userId ?? null,
      actor_api_key_id: actor.apiKeyId ?? null,
      actor_label: (actor.label ?? (await labelOf(db, actor))).slice(0, 320),
      action: event.action,
      target_type: event.target?.type ?? null,
      target_id: event.target?.id ?? null,
      target_label: event.target?.label.slice(0, 200) ?? null,
      changes: event.changes ? JSON.stringify(event.changes) : null,
      ip_address: actor.ipAddress?.slice(0, 64) ?? null,
      user_agent: actor.userAgent?.slice(0, 300) ?? null,
    })
    .execute();
}

/** The value shown instead of a secret in an event's changes. */
export const MASKED = "••••••";

/**
 * The fields whose values differ between two versions of a thing, secrets masked (a changed
 * secret shows as changed, never its value). Values are compared as JSON.
 */
export function auditChanges(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
  secretFields: readonly string[] = [],
): AuditChanges | null {
  const changes: AuditChanges = {};
  for (const field of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (JSON.stringify(before[field]) === JSON.stringify(after[field])) continue;
    const secret = secretFields.includes(field);
    const mask = (value: unknown) => (secret && value != null && value !== "" ? MASKED : value);
    changes[field] = { before: mask(before[field] ?? null), after: mask(after[field] ?? null) };
  }
  return Object.keys(changes).length ? changes : null;
}

async function labelOf(db: Kysely<Database>, actor: AuditActor): Promise<string> {
  if (actor.apiKeyId) {
    const key = await db
      .selectFrom("api_keys")
      .select("name")
      .where("id", "=", actor.apiKeyId)
      .executeTakeFirst();
    return `API key “${key?.name ?? actor.apiKeyId}”`;
  }
  if (actor.userId) {
    const user = await db
      .selectFrom("users")
      .select("email")
      .where("id", "=", actor.userId)
      .executeTakeFirst();
    return user?.email ?? actor.userId;
  }
  return actor.kind === "operator" ? "Operator" : "Upwatch";
}

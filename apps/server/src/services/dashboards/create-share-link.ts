import { MAX_SHARE_LINKS_PER_DASHBOARD } from "@upwatch/core";
import type { AccountAccess } from "../accounts/account-access.ts";
import { actorOf, recordAuditEvent } from "../audit/record-audit-event.ts";
import type { ServiceContext } from "../context.ts";
import { ServiceError } from "../service-error.ts";
import { storeOrExplain } from "../storage-error.ts";
import { findOwnedDashboard } from "./owned-dashboard.ts";
import { type ShareLinkRecord, shareLinkRecord } from "./share-link-record.ts";
import { generateShareToken } from "./share-link-token.ts";

const DAY_MS = 86_400_000;

/** Makes a read-only link to a board; the token is in this answer only and stored as a hash. */
export async function createShareLink(
  ctx: ServiceContext,
  access: AccountAccess,
  dashboardId: string,
  input: { name: string; expiresInDays: number | null },
  random?: (size: number) => Buffer,
): Promise<ShareLinkRecord & { token: string }> {
  const generated = generateShareToken(random);
  const now = ctx.now();
  return storeOrExplain("the link", () =>
    ctx.db.transaction().execute(async (trx) => {
      const board = await findOwnedDashboard(trx, access, dashboardId);
      const working = await trx
        .selectFrom("dashboard_share_links")
        .select("id")
        .where("dashboard_id", "=", board.id)
        .where("revoked_at", "is", null)
        .where((eb) => eb.or([eb("expires_at", "is", null), eb("expires_at", ">", now)]))
        .execute();
      if (working.length >= MAX_SHARE_LINKS_PER_DASHBOARD) {
        throw new ServiceError(
          "conflict",
          `A board can have at most ${MAX_SHARE_LINKS_PER_DASHBOARD} working links; revoke one to make another.`,
        );
      }
      const row = {
        id: ctx.newId("dsl"),
        dashboard_id: board.id,
        account_id: access.accountId,
        name: input.name,
        lookup: generated.lookup,
        secret_hash: generated.hash,
        created_by: access.userId ?? null,
        created_at: now,
        expires_at: input.expiresInDays === null ? null : now + input.expiresInDays * DAY_MS,
        last_used_at: null,
        revoked_at: null,
      };
      await trx.insertInto("dashboard_share_links").values(row).execute();
      await recordAuditEvent(trx, ctx, access.accountId, actorOf(access), {
        action: "dashboard.link_created",
        target: { type: "dashboard", id: board.id, label: `${board.name}: link “${input.name}”` },
        changes: {
          expires_at: {
            before: null,
            after: row.expires_at === null ? null : new Date(row.expires_at).toISOString(),
          },
        },
      });
      return { ...shareLinkRecord(row), token: generated.token };
    }),
  );
}

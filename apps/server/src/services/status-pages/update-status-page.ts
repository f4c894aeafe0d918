import type { StatusPageTable } from "@upwatch/db";
import type { AccountAccess } from "../accounts/account-access.ts";
import { actorOf, recordAuditEvent } from "../audit/record-audit-event.ts";
import { statusPageAuditEvent } from "../audit/status-page-audit.ts";
import type { ServiceContext } from "../context.ts";
import { ServiceError } from "../service-error.ts";
import { storeOrExplain } from "../storage-error.ts";
import type { NewStatusPage } from "./create-status-page.ts";
import { findOwnedPage, touchStatusPage } from "./owned-page.ts";
import { claimedDomainOf, claimPageDomain } from "./page-domain.ts";
import { recordOfPage, type StatusPageRecord } from "./status-page-record.ts";
import {
  enforceForeignDomain,
  enforceUniqueAddress,
  enforceWhiteLabelPlan,
} from "./status-page-rules.ts";

/**
 * Changes a page's settings; fields left out keep their values. A new custom domain waits for
 * its DNS proof, and the page stops answering on the old one at once.
 */
export async function updateStatusPage(
  ctx: ServiceContext,
  access: AccountAccess,
  pageId: string,
  input: Partial<NewStatusPage>,
  serverHosts: readonly string[],
): Promise<StatusPageRecord> {
  enforceWhiteLabelPlan(access.plan, input);
  enforceForeignDomain(input.custom_domain, serverHosts);
  const now = ctx.now();
  const changes = changedColumns(input);
  const wanted = {
    slug: input.slug,
    custom_domain: input.custom_domain,
    account_id: access.accountId,
  };
  await storeOrExplain("the status page", async () => {
    try {
      await ctx.db.transaction().execute(async (trx) => {
        const page = await findOwnedPage(trx, access, pageId);
        await enforceUniqueAddress(trx, wanted, pageId);
        const before = { ...page, custom_domain: await claimedDomainOf(trx, pageId) };
        const domainChanged =
          input.custom_domain !== undefined && input.custom_domain !== before.custom_domain;
        if (Object.keys(changes).length === 0 && !domainChanged) return;
        if (Object.keys(changes).length > 0) {
          await trx.updateTable("status_pages").set(changes).where("id", "=", pageId).execute();
        }
        if (domainChanged) await claimPageDomain(ctx, trx, page, input.custom_domain ?? null);
        const event = statusPageAuditEvent("status_page.updated", before, {
          ...before,
          ...changes,
          ...(domainChanged ? { custom_domain: input.custom_domain ?? null } : {}),
        });
        if (event.changes) {
          await recordAuditEvent(trx, ctx, access.accountId, actorOf(access), event);
        }
        await touchStatusPage(trx, pageId, now);
      });
    } catch (error) {
      if (!(error instanceof ServiceError)) await enforceUniqueAddress(ctx.db, wanted, pageId);
      throw error;
    }
  });
  return recordOfPage(ctx.db, await findOwnedPage(ctx.db, access, pageId), now);
}

function changedColumns(input: Partial<NewStatusPage>): Partial<StatusPageTable> {
  const changes: Partial<StatusPageTable> = {};
  if (input.name !== undefined) changes.name = input.name;
  if (input.slug !== undefined) changes.slug = input.slug;
  if (input.headline !== undefined) changes.headline = input.headline;
  if (input.accent_color !== undefined) changes.accent_color = input.accent_color;
  if (input.website_url !== undefined) changes.website_url = input.website_url;
  if (input.support_url !== undefined) changes.support_url = input.support_url;
  if (input.white_label !== undefined) changes.white_label = input.white_label ? 1 : 0;
  return changes;
}

import type { StatusPageTable } from "@upwatch/db";
import type { AccountAccess } from "../accounts/account-access.ts";
import { lockAccount } from "../accounts/lock-account.ts";
import { actorOf, recordAuditEvent } from "../audit/record-audit-event.ts";
import { statusPageAuditEvent } from "../audit/status-page-audit.ts";
import type { ServiceContext } from "../context.ts";
import { ServiceError } from "../service-error.ts";
import { storeOrExplain } from "../storage-error.ts";
import { claimPageDomain } from "./page-domain.ts";
import { recordOfPage, type StatusPageRecord } from "./status-page-record.ts";
import {
  enforceForeignDomain,
  enforceStatusPageCount,
  enforceStatusPagePlan,
  enforceUniqueAddress,
  enforceWhiteLabelPlan,
} from "./status-page-rules.ts";

/** A new page's settings, validated by the API's schema. */
export interface NewStatusPage {
  name: string;
  slug: string;
  headline?: string | undefined;
  accent_color?: string | null | undefined;
  website_url?: string | null | undefined;
  support_url?: string | null | undefined;
  white_label?: boolean | undefined;
  custom_domain?: string | null | undefined;
}

/**
 * Creates a status page. The plan's page count is checked under the account's lock, so two
 * requests at once cannot both take the last page; the slug is unique server-wide. A custom
 * domain waits for its DNS proof before the page is served on it.
 */
export async function createStatusPage(
  ctx: ServiceContext,
  access: AccountAccess,
  input: NewStatusPage,
  serverHosts: readonly string[],
): Promise<StatusPageRecord> {
  enforceStatusPagePlan(access.plan);
  enforceWhiteLabelPlan(access.plan, input);
  enforceForeignDomain(input.custom_domain, serverHosts);
  const now = ctx.now();
  const page: StatusPageTable = {
    id: ctx.newId("sp"),
    account_id: access.accountId,
    name: input.name,
    slug: input.slug,
    headline: input.headline ?? "",
    accent_color: input.accent_color ?? null,
    website_url: input.website_url ?? null,
    support_url: input.support_url ?? null,
    white_label: input.white_label ? 1 : 0,
    custom_domain: null,
    logo_type: null,
    logo_hash: null,
    version: 1,
    created_at: now,
    updated_at: now,
  };
  const wanted = {
    slug: page.slug,
    custom_domain: input.custom_domain,
    account_id: access.accountId,
  };
  await storeOrExplain("the status page", async () => {
    try {
      await ctx.db.transaction().execute(async (trx) => {
        await lockAccount(trx, access.accountId);
        await enforceStatusPageCount(trx, access.accountId, access.plan);
        await enforceUniqueAddress(trx, wanted);
        await trx.insertInto("status_pages").values(page).execute();
        await claimPageDomain(ctx, trx, page, input.custom_domain ?? null);
        await recordAuditEvent(
          trx,
          ctx,
          access.accountId,
          actorOf(access),
          statusPageAuditEvent("status_page.created", null, {
            ...page,
            custom_domain: input.custom_domain ?? null,
          }),
        );
      });
    } catch (error) {
      // Two accounts taking one slug at once: the unique index decides, the loser is told why.
      if (!(error instanceof ServiceError)) await enforceUniqueAddress(ctx.db, wanted);
      throw error;
    }
  });
  return recordOfPage(ctx.db, page, now);
}

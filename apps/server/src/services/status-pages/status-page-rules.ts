import { getPlan, PLANS, type PlanId } from "@upwatch/core";
import type { Database } from "@upwatch/db";
import type { Kysely, Transaction } from "kysely";
import { ServiceError } from "../service-error.ts";
import { customDomainTaken } from "./page-domain.ts";

type Db = Kysely<Database> | Transaction<Database>;

function planNamesWith(allows: (plan: (typeof PLANS)[number]) => boolean): string {
  const names = PLANS.filter(allows).map((plan) => plan.name);
  if (names.length <= 1) return names.join("");
  return `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
}

/** Throws a plan-limit ServiceError on plans without status pages (Free). */
export function enforceStatusPagePlan(planId: PlanId): void {
  const plan = getPlan(planId);
  if (plan.limits.statusPages !== 0) return;
  const offering = planNamesWith((candidate) => candidate.limits.statusPages !== 0);
  throw new ServiceError(
    "plan-limit",
    `Status pages are part of the ${offering} plans; the ${plan.name} plan does not include them.`,
  );
}

/** Throws when the account already has as many pages as its plan allows; call under its lock. */
export async function enforceStatusPageCount(
  trx: Db,
  accountId: string,
  planId: PlanId,
): Promise<void> {
  const plan = getPlan(planId);
  const allowed = plan.limits.statusPages;
  if (allowed === null) return;
  const row = await trx
    .selectFrom("status_pages")
    .select((eb) => eb.fn.countAll<number | string>().as("count"))
    .where("account_id", "=", accountId)
    .executeTakeFirstOrThrow();
  if (Number(row.count) < allowed) return;
  throw new ServiceError(
    "plan-limit",
    `The ${plan.name} plan includes ${allowed} status ${allowed === 1 ? "page" : "pages"}; delete one or move to a larger plan to add another.`,
  );
}

/** Throws when white-label or a custom domain is asked for on a plan without white-label. */
export function enforceWhiteLabelPlan(
  planId: PlanId,
  wanted: { white_label?: boolean | undefined; custom_domain?: string | null | undefined },
): void {
  const plan = getPlan(planId);
  if (plan.limits.whiteLabel) return;
  const offering = planNamesWith((candidate) => candidate.limits.whiteLabel);
  if (wanted.white_label === true) {
    throw new ServiceError(
      "plan-limit",
      `White-label status pages are part of the ${offering} plan; the ${plan.name} plan shows "Powered by Upwatch".`,
    );
  }
  if (wanted.custom_domain) {
    throw new ServiceError(
      "plan-limit",
      `Custom domains for status pages are part of the ${offering} plan; the ${plan.name} plan serves pages at their Upwatch address.`,
    );
  }
}

/**
 * Throws a conflict when another page (not `exceptId`) has the slug, is served on the custom
 * domain, or is a page of the same account claiming it. Another account's unproven claim does not
 * block: whoever proves the domain first gets it.
 */
export async function enforceUniqueAddress(
  db: Db,
  wanted: {
    slug?: string | undefined;
    custom_domain?: string | null | undefined;
    account_id: string;
  },
  exceptId?: string,
): Promise<void> {
  if (wanted.slug !== undefined) {
    let query = db.selectFrom("status_pages").select("id").where("slug", "=", wanted.slug);
    if (exceptId) query = query.where("id", "!=", exceptId);
    if (await query.executeTakeFirst()) {
      throw new ServiceError(
        "conflict",
        `Another status page already uses the slug "${wanted.slug}".`,
      );
    }
  }
  if (wanted.custom_domain) {
    let served = db
      .selectFrom("status_pages")
      .select("id")
      .where("custom_domain", "=", wanted.custom_domain);
    if (exceptId) served = served.where("id", "!=", exceptId);
    let claimed = db
      .selectFrom("domain_claims")
      .select("id")
      .where("purpose", "=", "status_page")
      .where("account_id", "=", wanted.account_id)
      .where("domain", "=", wanted.custom_domain);
    if (exceptId) claimed = claimed.where("page_id", "!=", exceptId);
    if ((await served.executeTakeFirst()) || (await claimed.executeTakeFirst())) {
      throw new ServiceError("conflict", customDomainTaken(wanted.custom_domain));
    }
  }
}

/**
 * Throws when the custom domain is one of the server's own hosts: served as a page, it would
 * hand the whole site (sign-in, app and API) to that page.
 */
export function enforceForeignDomain(
  domain: string | null | undefined,
  serverHosts: readonly string[],
): void {
  if (!domain) return;
  const host = domain.toLowerCase().replace(/\.$/, "");
  if (!serverHosts.includes(host)) return;
  throw new ServiceError(
    "invalid",
    `${domain} is this server's own address; a status page needs a domain of its own.`,
  );
}

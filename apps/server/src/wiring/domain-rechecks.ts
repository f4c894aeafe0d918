import type { FastifyInstance } from "fastify";
import { PeriodicTask } from "../background/periodic-task.ts";
import { addClosingStep } from "../closing-steps.ts";
import type { Leadership } from "../cluster/leadership.ts";
import type { ServiceContext } from "../services/context.ts";
import type { DomainPurpose } from "../services/domain-verification/domain-claims.ts";
import type { DomainUse } from "../services/domain-verification/domain-use.ts";
import { recheckVerifiedDomains } from "../services/domain-verification/recheck-verified-domains.ts";
import type { TxtLookup } from "../services/domain-verification/txt-lookup.ts";
import { SSO_DOMAIN_USE } from "../services/sso/sso-domain-use.ts";
import { STATUS_PAGE_DOMAIN_USE } from "../services/status-pages/page-domain.ts";
import type { CustomDomainDirectory } from "../status-site/custom-domains.ts";

/** How often due re-checks are looked for; each verified domain is due every few hours. */
const RECHECK_RUN_EVERY_MS = 10 * 60_000;

const DOMAIN_USES: Record<DomainPurpose, DomainUse> = {
  sso: SSO_DOMAIN_USE,
  status_page: STATUS_PAGE_DOMAIN_USE,
};

/**
 * On the leader alone, looks the DNS proof of every verified domain up again every few hours;
 * a domain whose record stays missing stops routing sign-ins or serving its page.
 */
export function registerDomainRechecks(
  app: FastifyInstance,
  options: {
    ctx: ServiceContext;
    lookupTxt: TxtLookup;
    statusDomains: CustomDomainDirectory;
    leadership: Leadership;
    start: boolean;
  },
): void {
  const log = app.log.child({ part: "domain-rechecks" });
  const recheck = async () => {
    const outcome = await recheckVerifiedDomains(
      { ...options.ctx, lookupTxt: options.lookupTxt },
      DOMAIN_USES,
    );
    if (outcome.lost > 0) await options.statusDomains.refresh();
    return outcome;
  };
  const task = new PeriodicTask({
    run: recheck,
    everyMs: RECHECK_RUN_EVERY_MS,
    onError: (error) => log.warn({ err: error }, "re-checking verified domains failed"),
  });
  if (options.start) {
    options.leadership.run({
      name: "domain re-checks",
      start: async () => task.start(),
      stop: () => task.stop(),
    });
  }
  addClosingStep(app, "the domain re-checks", () => task.stop());
  app.decorate("recheckDomains", recheck);
}

declare module "fastify" {
  interface FastifyInstance {
    /** Runs the due domain re-checks now, as the leader's periodic task does; for tests and tools. */
    recheckDomains: () => Promise<{ checked: number; lost: number }>;
  }
}

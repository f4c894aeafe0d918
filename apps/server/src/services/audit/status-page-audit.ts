import type { StatusPageTable } from "@upwatch/db";
import type { AuditEventInput } from "./record-audit-event.ts";
import { auditChanges } from "./record-audit-event.ts";

/** A status page event: its settings (address and custom domain included) before and after. */
export function statusPageAuditEvent(
  action: string,
  before: StatusPageTable | null,
  after: StatusPageTable | null,
): AuditEventInput {
  const page = (after ?? before) as StatusPageTable;
  return {
    action,
    target: { type: "status_page", id: page.id, label: page.name },
    changes: auditChanges(settingsOf(before), settingsOf(after)),
  };
}

function settingsOf(page: StatusPageTable | null): Record<string, unknown> {
  if (!page) return {};
  return {
    name: page.name,
    slug: page.slug,
    headline: page.headline,
    accent_color: page.accent_color,
    website_url: page.website_url,
    support_url: page.support_url,
    white_label: page.white_label === 1,
    custom_domain: page.custom_domain,
  };
}

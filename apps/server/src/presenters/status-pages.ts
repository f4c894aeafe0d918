import type { StatusComponent, StatusPage, StatusSection } from "@upwatch/api";
import type { StatusSectionTable } from "@upwatch/db";
import type { ComponentRecord, PageLayout } from "../services/status-pages/component-record.ts";
import type { MonitorStatusComponent } from "../services/status-pages/list-monitor-status-components.ts";
import type { StatusPageRecord } from "../services/status-pages/status-page-record.ts";
import { isoTime } from "../time.ts";
import { presentDomainVerification } from "./domain-verification.ts";

/** A status page as the API shows it to its account; `publicUrl` is the server's public origin. */
export function presentStatusPage(record: StatusPageRecord, publicUrl: string): StatusPage {
  const { page } = record;
  const pageUrl = `${publicUrl}/status/${page.slug}`;
  return {
    id: page.id,
    name: page.name,
    slug: page.slug,
    headline: page.headline,
    accent_color: page.accent_color,
    website_url: page.website_url,
    support_url: page.support_url,
    white_label: page.white_label === 1,
    custom_domain: record.domainClaim?.domain ?? null,
    custom_domain_verification: record.domainClaim
      ? presentDomainVerification(record.domainClaim)
      : null,
    logo_url: page.logo_hash ? `/status/${page.slug}/logo/${page.logo_hash}` : null,
    public_url: pageUrl,
    state: record.state,
    confirmed_subscribers: record.confirmedSubscribers,
    created_at: isoTime(page.created_at),
    updated_at: isoTime(page.updated_at),
  };
}

/** A section of a page. */
export function presentStatusSection(section: StatusSectionTable): StatusSection {
  return { id: section.id, name: section.name, position: section.position };
}

/** A component with what people set, what visitors see, and its linked monitors. */
export function presentStatusComponent(record: ComponentRecord): StatusComponent {
  const { component } = record;
  return {
    id: component.id,
    section_id: component.section_id,
    name: component.name,
    description: component.description,
    position: component.position,
    state: component.state as StatusComponent["state"],
    shown_state: record.shownState,
    follow_monitors: component.follow_monitors === 1,
    monitors: record.monitors,
    suggested_state: record.suggestedState,
    state_changed_at: isoTime(component.state_changed_at),
    updated_at: isoTime(component.updated_at),
  };
}

/** A page's sections and components, in order. */
export function presentPageLayout(layout: PageLayout) {
  return {
    sections: layout.sections.map(presentStatusSection),
    data: layout.components.map(presentStatusComponent),
  };
}

/** A component a monitor is linked to, for posting an incident from an alert. */
export function presentMonitorStatusComponent(link: MonitorStatusComponent) {
  return {
    page_id: link.pageId,
    page_name: link.pageName,
    component_id: link.componentId,
    component_name: link.componentName,
    state: link.state,
  };
}

import type { PublicStatusSummary } from "@upwatch/api";
import { PAGE_HEADLINES } from "@upwatch/core";
import { isoTime } from "../time.ts";
import type { PublicPage } from "./read-public-page.ts";

/** The JSON summary tools read: the page's state, components, open incidents and windows. */
export function buildSummary(model: PublicPage, pageUrl: string): PublicStatusSummary {
  return {
    page: { name: model.page.name, url: pageUrl, updated_at: isoTime(model.page.updated_at) },
    status: { state: model.state, description: PAGE_HEADLINES[model.state] },
    components: model.sections.flatMap((s) =>
      s.components.map((c) => ({
        id: c.id,
        name: c.name,
        section: c.section,
        state: c.state,
        uptime_90d: c.uptime,
      })),
    ),
    active_incidents: model.activeIncidents.map((i) => ({
      id: i.id,
      title: i.title,
      stage: i.stage as PublicStatusSummary["active_incidents"][number]["stage"],
      started_at: isoTime(i.startedAt),
      url: `${pageUrl}/incidents/${i.id}`,
      updates: i.updates.map((u) => ({
        stage: u.stage as PublicStatusSummary["active_incidents"][number]["stage"],
        message: u.message,
        created_at: isoTime(u.createdAt),
      })),
    })),
    scheduled_maintenances: model.maintenances.map((w) => ({
      id: w.id,
      title: w.title,
      status: w.status,
      starts_at: isoTime(w.startsAt),
      ends_at: isoTime(w.endsAt),
      components: w.componentIds,
    })),
  };
}

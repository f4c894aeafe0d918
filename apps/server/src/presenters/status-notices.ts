import type { StatusIncident, StatusMaintenance, StatusSubscriber } from "@upwatch/api";
import { OPEN_ENDED_SERIES_END } from "@upwatch/core";
import type { StatusSubscriberTable } from "@upwatch/db";
import type { IncidentView } from "../services/status-incidents/incident-view.ts";
import type { MaintenanceView } from "../services/status-maintenance/maintenance-view.ts";
import { isoTime, isoTimeOrNull } from "../time.ts";

/** An incident as the API answers it. */
export function presentIncident(view: IncidentView): StatusIncident {
  const { incident } = view;
  const refs = (components: IncidentView["components"]) =>
    components.map((c) => ({ component_id: c.componentId, name: c.name, state: c.state }));
  return {
    id: incident.id,
    page_id: incident.page_id,
    title: incident.title,
    stage: incident.stage as StatusIncident["stage"],
    started_at: isoTime(incident.started_at),
    resolved_at: isoTimeOrNull(incident.resolved_at),
    components: refs(view.components),
    updates: view.updates.map((update) => ({
      id: update.id,
      stage: update.stage,
      message: update.message,
      components: refs(update.components),
      created_at: isoTime(update.createdAt),
    })),
    created_at: isoTime(incident.created_at),
    updated_at: isoTime(incident.updated_at),
  };
}

/** A maintenance window as the API answers it. */
export function presentMaintenance(view: MaintenanceView): StatusMaintenance {
  const { maintenance } = view;
  return {
    id: maintenance.id,
    page_id: maintenance.page_id,
    title: maintenance.title,
    message: maintenance.message,
    starts_at: isoTime(maintenance.starts_at),
    ends_at:
      Number(maintenance.ends_at) >= OPEN_ENDED_SERIES_END ? null : isoTime(maintenance.ends_at),
    status: view.status,
    components: view.components.map((c) => ({ component_id: c.componentId, name: c.name })),
    ...view.recurrence,
    created_at: isoTime(maintenance.created_at),
    updated_at: isoTime(maintenance.updated_at),
  };
}

/** A subscriber as the account sees it. */
export function presentSubscriber(subscriber: StatusSubscriberTable): StatusSubscriber {
  return {
    id: subscriber.id,
    email: subscriber.email,
    status: subscriber.status,
    created_at: isoTime(subscriber.created_at),
    confirmed_at: isoTimeOrNull(subscriber.confirmed_at),
    unsubscribed_at: isoTimeOrNull(subscriber.unsubscribed_at),
  };
}

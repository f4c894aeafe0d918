import type {
  alertResponse,
  deliveryResponse,
  dependencyResponse,
  incidentResponse,
} from "@upwatch/api";
import type { IncidentTable, NotificationDeliveryTable } from "@upwatch/db";
import type { z } from "zod";
import type { AlertView } from "../services/alerts/alert-view.ts";
import type { DependencyView } from "../services/dependencies/dependency-record.ts";
import { isoTime, isoTimeOrNull } from "../time.ts";

export function presentAlert(alert: AlertView): z.infer<typeof alertResponse> {
  return {
    ...alert,
    resolution: alert.resolution as z.infer<typeof alertResponse>["resolution"],
    opened_at: isoTime(alert.opened_at),
    acknowledged_at: isoTimeOrNull(alert.acknowledged_at),
    resolved_at: isoTimeOrNull(alert.resolved_at),
    next_notification_at: isoTimeOrNull(alert.next_notification_at),
    held_by_maintenance: alert.held_by_maintenance
      ? {
          id: alert.held_by_maintenance.id,
          title: alert.held_by_maintenance.title,
          ends_at: isoTime(alert.held_by_maintenance.endsAt),
        }
      : null,
  };
}

export function presentDependency(dependency: DependencyView): z.infer<typeof dependencyResponse> {
  return { ...dependency, created_at: isoTime(dependency.created_at) };
}

export function presentDelivery(row: NotificationDeliveryTable): z.infer<typeof deliveryResponse> {
  return {
    id: row.id,
    notification_id: row.notification_id,
    channel_id: row.channel_id,
    channel_type: row.channel_type as z.infer<typeof deliveryResponse>["channel_type"],
    event: row.event as z.infer<typeof deliveryResponse>["event"],
    alert_id: row.alert_id,
    monitor_id: row.monitor_id,
    agent_id: row.agent_id,
    status: row.status as z.infer<typeof deliveryResponse>["status"],
    latency_ms: row.latency_ms,
    error: row.error,
    attempted_at: isoTime(row.attempted_at),
  };
}

export function presentIncident(row: IncidentTable): z.infer<typeof incidentResponse> {
  return {
    id: row.id,
    monitor_id: row.monitor_id,
    started_at: isoTime(row.started_at),
    ended_at: isoTimeOrNull(row.ended_at),
    cause: row.cause,
    status_code: row.status_code,
  };
}

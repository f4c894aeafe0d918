import {
  COMPONENT_STATE_LABELS,
  type ComponentState,
  INCIDENT_STAGE_LABELS,
  type IncidentStage,
} from "@upwatch/core";
import type {
  StatusNoticeInput,
  StatusNoticeKind,
} from "../../services/status-notices/queue-status-notice.ts";

export interface IncidentNoticeFacts {
  pageId: string;
  pageName: string;
  title: string;
  stage: IncidentStage;
  message: string;
  components: { name: string; state: ComponentState }[];
}

const INCIDENT_PREFIX: Record<string, string> = {
  "incident-opened": "Incident",
  "incident-updated": "Update",
  "incident-resolved": "Resolved",
};

/** The subject and text of an incident's opening, update or resolution, for every subscriber. */
export function incidentNotice(
  kind: Extract<StatusNoticeKind, `incident-${string}`>,
  facts: IncidentNoticeFacts,
): StatusNoticeInput {
  const stage = INCIDENT_STAGE_LABELS[facts.stage];
  const affected = facts.components.map(
    (component) => `- ${component.name}: ${COMPONENT_STATE_LABELS[component.state]}`,
  );
  return {
    pageId: facts.pageId,
    kind,
    subject: `[${facts.pageName}] ${INCIDENT_PREFIX[kind]}: ${facts.title}`,
    body: [
      facts.title,
      "",
      `${stage}: ${facts.message}`,
      ...(affected.length > 0 ? ["", "Affected components:", ...affected] : []),
    ].join("\n"),
  };
}

export interface MaintenanceNoticeFacts {
  pageId: string;
  pageName: string;
  title: string;
  message: string;
  startsAt: number;
  endsAt: number;
  components: string[];
}

const MAINTENANCE_PREFIX: Record<string, string> = {
  "maintenance-scheduled": "Scheduled maintenance",
  "maintenance-started": "Maintenance started",
  "maintenance-completed": "Maintenance completed",
};

/** The subject and text of a maintenance window's announcement, start or end. */
export function maintenanceNotice(
  kind: Extract<StatusNoticeKind, `maintenance-${string}`>,
  facts: MaintenanceNoticeFacts,
): StatusNoticeInput {
  const when = `${utc(facts.startsAt)} to ${utc(facts.endsAt)}`;
  return {
    pageId: facts.pageId,
    kind,
    subject: `[${facts.pageName}] ${MAINTENANCE_PREFIX[kind]}: ${facts.title}`,
    body: [
      facts.title,
      "",
      `Window: ${when}`,
      ...(facts.message ? ["", facts.message] : []),
      ...(facts.components.length > 0
        ? ["", "Affected components:", ...facts.components.map((name) => `- ${name}`)]
        : []),
    ].join("\n"),
  };
}

function utc(ms: number): string {
  return `${new Date(ms).toISOString().slice(0, 16).replace("T", " ")} UTC`;
}

import {
  COMPONENT_STATE_LABELS,
  type ComponentState,
  INCIDENT_STAGE_LABELS,
  type IncidentStage,
} from "@upwatch/core";

/** What a notice to a status page's subscribers tells. */
export type StatusNoticeKind =
  | "incident-opened"
  | "incident-updated"
  | "incident-resolved"
  | "maintenance-scheduled"
  | "maintenance-rescheduled"
  | "maintenance-cancelled"
  | "maintenance-started"
  | "maintenance-completed";

export interface StatusNoticeInput {
  pageId: string;
  kind: StatusNoticeKind;
  subject: string;
  body: string;
}

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
  /** A recurring window's rule in a sentence; the times above are then its next occurrence. */
  repeats?: string | null | undefined;
}

const MAINTENANCE_PREFIX: Record<string, string> = {
  "maintenance-scheduled": "Scheduled maintenance",
  "maintenance-started": "Maintenance started",
  "maintenance-completed": "Maintenance completed",
  "maintenance-rescheduled": "Rescheduled",
  "maintenance-cancelled": "Cancelled",
};

/**
 * The subject and text of a maintenance window's announcement, new times, cancellation, start
 * or end. `previous` is the window's earlier start and end, told in a rescheduling.
 */
export function maintenanceNotice(
  kind: Extract<StatusNoticeKind, `maintenance-${string}`>,
  facts: MaintenanceNoticeFacts,
  previous?: { startsAt: number; endsAt: number },
): StatusNoticeInput {
  const subject = `[${facts.pageName}] ${MAINTENANCE_PREFIX[kind]}: ${facts.title}`;
  const window = `${utc(facts.startsAt)} to ${utc(facts.endsAt)}`;
  const lines =
    kind === "maintenance-cancelled"
      ? [
          facts.repeats
            ? `Cancelled: the recurring window (${facts.repeats}) will not take place any more.`
            : `Cancelled: the window planned for ${window} will not take place.`,
        ]
      : [
          `${facts.repeats ? "Next window" : "Window"}: ${window}`,
          ...(facts.repeats ? [`Repeats: ${facts.repeats}`] : []),
          ...(previous ? [`Previously: ${utc(previous.startsAt)} to ${utc(previous.endsAt)}`] : []),
        ];
  return {
    pageId: facts.pageId,
    kind,
    subject:
      kind === "maintenance-rescheduled"
        ? `${subject}, now ${span(facts.startsAt, facts.endsAt)}`
        : subject,
    body: [
      facts.title,
      "",
      ...lines,
      ...(facts.message && kind !== "maintenance-cancelled" ? ["", facts.message] : []),
      ...(facts.components.length > 0
        ? ["", "Affected components:", ...facts.components.map((name) => `- ${name}`)]
        : []),
    ].join("\n"),
  };
}

/** "2026-12-01 03:00–05:00 UTC", with the end's date too when it falls on another day. */
function span(startsAt: number, endsAt: number): string {
  const start = minute(startsAt);
  const end = minute(endsAt);
  const sameDay = start.slice(0, 10) === end.slice(0, 10);
  return `${start}\u2013${sameDay ? end.slice(11) : end} UTC`;
}

function minute(ms: number): string {
  return new Date(ms).toISOString().slice(0, 16).replace("T", " ");
}

function utc(ms: number): string {
  return `${minute(ms)} UTC`;
}

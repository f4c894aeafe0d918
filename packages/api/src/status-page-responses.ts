import { COMPONENT_STATES, INCIDENT_STAGES } from "@upwatch/core";
import { z } from "zod";
import { domainVerificationResponse } from "./domain-verification-schemas.ts";
import { recurrenceFacts } from "./maintenance-window-schemas.ts";

const isoTime = z.string().describe("ISO 8601 time");

const state = z.enum(COMPONENT_STATES);
const stage = z.enum(INCIDENT_STAGES);

export const statusPageResponse = z.object({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  headline: z.string(),
  accent_color: z.string().nullable(),
  website_url: z.string().nullable(),
  support_url: z.string().nullable(),
  white_label: z.boolean(),
  custom_domain: z.string().nullable(),
  custom_domain_verification: domainVerificationResponse
    .nullable()
    .describe("The custom domain's proof; the page is served on it only once verified."),
  logo_url: z.string().nullable().describe("Where the page's logo is served, or null."),
  public_url: z.string().describe("The page's public address on this server."),
  state: state.describe("The worst state a visitor sees now."),
  confirmed_subscribers: z.number().int(),
  created_at: isoTime,
  updated_at: isoTime,
});
export const statusPageListResponse = z.object({ data: z.array(statusPageResponse) });

export const statusSectionResponse = z.object({
  id: z.string(),
  name: z.string(),
  position: z.number().int(),
});

export const statusComponentResponse = z.object({
  id: z.string(),
  section_id: z.string().nullable(),
  name: z.string(),
  description: z.string(),
  position: z.number().int(),
  state: state.describe("The state people (or its monitors) set."),
  shown_state: state.describe("What visitors see: Maintenance during a window covering it."),
  follow_monitors: z.boolean(),
  monitors: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      status: z.enum(["up", "down", "paused", "pending"]),
    }),
  ),
  suggested_state: state
    .nullable()
    .describe("What the linked monitors suggest, or null without a verdict."),
  state_changed_at: isoTime,
  updated_at: isoTime,
});
export const statusComponentListResponse = z.object({
  sections: z.array(statusSectionResponse),
  data: z.array(statusComponentResponse),
});

const componentStateRef = z.object({
  component_id: z.string(),
  name: z.string(),
  state,
});

export const statusIncidentUpdateResponse = z.object({
  id: z.string(),
  stage,
  message: z.string(),
  components: z.array(componentStateRef),
  created_at: isoTime,
});

export const statusIncidentResponse = z.object({
  id: z.string(),
  page_id: z.string(),
  title: z.string(),
  stage,
  started_at: isoTime,
  resolved_at: isoTime.nullable(),
  components: z.array(componentStateRef).describe("Each component's state as last set here."),
  updates: z.array(statusIncidentUpdateResponse).describe("Newest first."),
  created_at: isoTime,
  updated_at: isoTime,
});
export const statusIncidentListResponse = z.object({
  data: z.array(statusIncidentResponse),
  next_before: z
    .string()
    .nullable()
    .describe("Pass as `before` for the next page; null on the last page."),
});

export const MAINTENANCE_STATUSES = ["scheduled", "in_progress", "completed", "cancelled"] as const;

export const statusMaintenanceResponse = z.object({
  id: z.string(),
  page_id: z.string(),
  title: z.string(),
  message: z.string(),
  starts_at: isoTime.describe("When the window, or the series' first occurrence, begins."),
  ends_at: isoTime
    .nullable()
    .describe(
      "When the window, or the series' last occurrence, ends; null for a series without end.",
    ),
  status: z.enum(MAINTENANCE_STATUSES),
  components: z.array(z.object({ component_id: z.string(), name: z.string() })),
  ...recurrenceFacts,
  created_at: isoTime,
  updated_at: isoTime,
});
export const statusMaintenanceListResponse = z.object({
  data: z.array(statusMaintenanceResponse),
});

export const statusSubscriberResponse = z.object({
  id: z.string(),
  email: z.string(),
  status: z.enum(["pending", "confirmed", "unsubscribed"]),
  created_at: isoTime,
  confirmed_at: isoTime.nullable(),
  unsubscribed_at: isoTime.nullable(),
});
export const statusSubscriberListResponse = z.object({
  data: z.array(statusSubscriberResponse),
  total: z.number().int(),
  next_after: z.string().nullable(),
});

export const monitorStatusComponentsResponse = z.object({
  data: z.array(
    z.object({
      page_id: z.string(),
      page_name: z.string(),
      component_id: z.string(),
      component_name: z.string(),
      state,
    }),
  ),
});

/** `/status/{slug}/api/summary.json`: what a visitor's tools may read of a public page. */
export const publicStatusSummary = z.object({
  page: z.object({ name: z.string(), url: z.string(), updated_at: isoTime }),
  status: z.object({ state, description: z.string() }),
  components: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      section: z.string().nullable(),
      state,
      uptime_90d: z.number().nullable().describe("Percent of linked monitors' checks up."),
    }),
  ),
  active_incidents: z.array(
    z.object({
      id: z.string(),
      title: z.string(),
      stage,
      started_at: isoTime,
      url: z.string(),
      updates: z.array(z.object({ stage, message: z.string(), created_at: isoTime })),
    }),
  ),
  scheduled_maintenances: z.array(
    z.object({
      id: z.string(),
      title: z.string(),
      status: z.enum(MAINTENANCE_STATUSES),
      starts_at: isoTime,
      ends_at: isoTime,
      components: z.array(z.string()),
    }),
  ),
});

export type StatusPage = z.output<typeof statusPageResponse>;
export type StatusSection = z.output<typeof statusSectionResponse>;
export type StatusComponent = z.output<typeof statusComponentResponse>;
export type StatusIncident = z.output<typeof statusIncidentResponse>;
export type StatusIncidentUpdate = z.output<typeof statusIncidentUpdateResponse>;
export type StatusMaintenance = z.output<typeof statusMaintenanceResponse>;
export type StatusSubscriber = z.output<typeof statusSubscriberResponse>;
export type PublicStatusSummary = z.output<typeof publicStatusSummary>;

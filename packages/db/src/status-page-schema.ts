import type { Generated } from "kysely";

/** A public status page of an account. `version` moves with every change its visitors see. */
export interface StatusPageTable {
  id: string;
  account_id: string;
  name: string;
  /** Unique across the server: the page lives at `/status/{slug}`. */
  slug: string;
  headline: string;
  accent_color: string | null;
  website_url: string | null;
  support_url: string | null;
  /** 1 when the page drops "Powered by Upwatch" (Enterprise+). */
  white_label: number;
  /** A host name whose requests are served this page (Enterprise+), lower case. */
  custom_domain: string | null;
  logo_type: string | null;
  /** SHA-256 (hex) of the logo's bytes: part of its address, so a new logo is a new URL. */
  logo_hash: string | null;
  version: number;
  created_at: number;
  updated_at: number;
}

export interface StatusPageLogoTable {
  page_id: string;
  content_type: string;
  bytes_base64: string;
  updated_at: number;
}

export interface StatusSectionTable {
  id: string;
  page_id: string;
  name: string;
  position: number;
}

export interface StatusComponentTable {
  id: string;
  page_id: string;
  section_id: string | null;
  name: string;
  description: string;
  position: number;
  /** The state people (or its monitors, when it follows them) set; see `ComponentState`. */
  state: string;
  /** 1 when the state follows the linked monitors: down → major_outage, recovered → operational. */
  follow_monitors: number;
  state_changed_at: number;
  created_at: number;
  updated_at: number;
}

export interface StatusComponentMonitorTable {
  component_id: string;
  monitor_id: string;
}

export interface StatusIncidentTable {
  id: string;
  page_id: string;
  title: string;
  /** The stage of its latest update. */
  stage: string;
  started_at: number;
  /** Stamped by the Resolved update. */
  resolved_at: number | null;
  created_at: number;
  updated_at: number;
}

export interface StatusIncidentUpdateTable {
  id: string;
  incident_id: string;
  stage: string;
  message: string;
  /** JSON array of `{component_id, state}`: the states this update set. */
  components: string;
  created_at: number;
}

export interface StatusMaintenanceTable {
  id: string;
  page_id: string;
  title: string;
  message: string;
  starts_at: number;
  ends_at: number;
  cancelled_at: number | null;
  /** When subscribers were told the window started, and that it ended. */
  started_notice_at: number | null;
  ended_notice_at: number | null;
  /** When subscribers were told it was scheduled; null if it was created without notice. */
  announced_at: number | null;
  created_at: number;
  updated_at: number;
  /** A recurring window's rule (JSON), read in the account's time zone; null for one window. */
  recurrence: Generated<string | null>;
  /** The starts (epoch ms) of skipped occurrences, as a JSON array; null for none. */
  skipped: Generated<string | null>;
  /** The last occurrence start or end the page's version was moved for. */
  boundary_seen_at: Generated<number | null>;
}

export interface StatusMaintenanceComponentTable {
  maintenance_id: string;
  component_id: string;
}

export type StatusSubscriberStatus = "pending" | "confirmed" | "unsubscribed";

/** An address subscribed to one page; the same address on two pages is two rows. */
export interface StatusSubscriberTable {
  id: string;
  page_id: string;
  email: string;
  email_key: string;
  status: StatusSubscriberStatus;
  confirmation_sent_at: number | null;
  confirmed_at: number | null;
  unsubscribed_at: number | null;
  created_at: number;
  updated_at: number;
}

/**
 * A message for a page's confirmed subscribers, stored with the change that causes it and
 * fanned out to the outbox in batches (`subscriber_cursor` is the last subscriber id queued).
 */
export interface StatusNoticeTable {
  id: string;
  page_id: string;
  /** incident-opened, incident-updated, incident-resolved, maintenance-scheduled, maintenance-rescheduled, maintenance-cancelled, maintenance-started, maintenance-completed */
  kind: string;
  subject: string;
  body: string;
  subscriber_cursor: string | null;
  done_at: number | null;
  created_at: number;
}

/** An SLA report mailed on the first day of each month for the month before. */
export interface SlaReportScheduleTable {
  id: string;
  account_id: string;
  /** `monitor`, `group`, `agent` or `status_page`. */
  subject_type: string;
  subject_id: string;
  /** The uptime target in thousandths of a percent: 99900 for 99.9 %. */
  target_thousandths: number;
  /** JSON array of the addresses the report is mailed to. */
  recipients: string;
  created_at: number;
  updated_at: number;
}

/** A month's report of a schedule, sent: the key is the claim that sends it once. */
export interface SlaReportSendTable {
  schedule_id: string;
  /** The month reported on, such as `2026-11`. */
  month: string;
  sent_at: number;
}

/** An address a schedule mails, and whether its owner agreed to receive the report. */
export interface SlaReportRecipientTable {
  /** Also the key its confirmation mails are counted under in `channel_sends`. */
  id: string;
  schedule_id: string;
  address: string;
  /** The address in lower case: one row per address and schedule. */
  address_key: string;
  /** When the address agreed, or was a member's; null while it waits. */
  confirmed_at: number | null;
  /** SHA-256 of the single-use confirmation token, cleared once used. */
  confirmation_token_hash: string | null;
  /** When the last confirmation mail was queued; null if none was. */
  confirmation_sent_at: number | null;
}

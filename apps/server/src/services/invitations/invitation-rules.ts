/** How long an invitation link works. */
export const INVITATION_LIFETIME_MS = 7 * 24 * 3_600_000;

/** How soon an invitation may be mailed again. */
export const INVITATION_RESEND_INTERVAL_MS = 60_000;

/** The outbox kind of invitation mails. */
export const INVITATION_MAIL_KIND = "invitation";

/** A reset link works this long after it was sent. */
export const RESET_LINK_LIFETIME_MS = 3_600_000;

/** One address gets at most one reset mail in this period, however often it is asked for. */
export const RESET_MAIL_INTERVAL_MS = 2 * 60_000;

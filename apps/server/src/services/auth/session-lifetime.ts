/** A session lasts this long after it was last extended. */
export const SESSION_LIFETIME_MS = 30 * 24 * 3_600_000;

/** A session in use is extended when it was last extended longer ago than this. */
export const SESSION_REFRESH_AFTER_MS = 24 * 3_600_000;
